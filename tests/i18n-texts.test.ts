// The browser starts with the shell's and the account texts only (ui/i18n/i18n.ts); a feature's texts
// are registered by `import '../i18n/texts/<namespace>'` in the modules that show them, so they load
// with the feature's chunk and stay out of the home page's JS budget. A module that names a key of a
// feature namespace without importing its texts would show the bare key in the browser: this test
// names every such module and the import it lacks, and checks the entry does not pull feature texts.
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chainTo, namespacesNamed, resolve, ROOT, staticValueImports } from './import-graph'
import { zhCn } from '../ui/i18n/zh-cn'
import { base } from '../ui/i18n/zh-cn-base'

type Tree = { readonly [k: string]: string | Tree }
const texts = zhCn as unknown as Tree
const ENTRY = new Set([...Object.keys(base), 'accounts'])
const FEATURES = Object.keys(zhCn).filter((ns) => !ENTRY.has(ns))
const textsModule = (ns: string) => `ui/i18n/texts/${ns}.ts`

function uiModules(dir = 'ui'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = posix.join(dir, e.name)
    if (e.isDirectory()) return path === 'ui/i18n' ? [] : uiModules(path)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : []
  })
}

/** `file: import '<spec>'` for every feature namespace a module names without importing its texts. */
export function missingTextImports(files: string[], read: (f: string) => string, exists: (f: string) => boolean): string[] {
  const missing: string[] = []
  for (const file of files) {
    const source = read(file)
    const imported = new Set(staticValueImports(file, source).map((spec) => resolve(file, spec, exists)))
    for (const ns of namespacesNamed(file, source, texts)) {
      if (!FEATURES.includes(ns) || imported.has(textsModule(ns))) continue
      let spec = relative(posix.dirname(file), textsModule(ns).replace(/\.ts$/, ''))
      if (!spec.startsWith('.')) spec = `./${spec}`
      missing.push(`${file}: import '${spec}'`)
    }
  }
  return missing
}

const read = (f: string) => readFileSync(join(ROOT, f), 'utf8')
const exists = (f: string) => {
  try {
    readFileSync(join(ROOT, f))
    return true
  } catch {
    return false
  }
}

describe('feature texts load with their feature', () => {
  it('every module that names a feature text imports that feature\'s texts', () => {
    expect(missingTextImports(uiModules(), read, exists)).toEqual([])
  })

  it('the entry reaches no feature texts and not the whole tree', () => {
    const feature = (spec: string) => /\/i18n\/texts\/|(^|\/)zh-cn$|zh-cn-(?!base$|accounts$)[\w-]+$/.test(spec)
    expect(chainTo('ui/main.tsx', feature)).toBeNull()
  })

  it('finds a key, a template key start and a missing or present import (so the walk is not finding nothing)', () => {
    const files: Record<string, string> = {
      'ui/a/page.tsx': "import { t } from '../i18n/i18n'\nexport const x = () => t('posting.post.like') + t(`market.${'x'}`)",
      'ui/b/page.tsx': "import '../i18n/texts/posting'\nexport const k = 'posting.post.like' as const\nexport const n = 'site.name'",
      'ui/i18n/texts/posting.ts': '',
    }
    const got = missingTextImports(['ui/a/page.tsx', 'ui/b/page.tsx'], (f) => files[f] ?? '', (f) => f in files)
    expect(got).toEqual(["ui/a/page.tsx: import '../i18n/texts/posting'", "ui/a/page.tsx: import '../i18n/texts/market'"])
    expect(uiModules().length).toBeGreaterThan(100)
  })
})
