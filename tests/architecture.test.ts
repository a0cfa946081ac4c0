// design.md 'The layers, and which way imports flow': a test fails when a file breaks the rule.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkFile, findGlobalUses, formatViolation, LAYERS, readSpecifiers, resolveLocal, type Violation } from './import-rules'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
    const full = join(dir, name)
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full))
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

const rel = (full: string) => relative(ROOT, full).split(sep).join('/')
const messages = (vs: Violation[]) => vs.map(formatViolation)

describe('import direction across the tree', () => {
  const files = LAYERS.flatMap((layer) => {
    try {
      return sourceFiles(join(ROOT, layer))
    } catch {
      return [] // a layer not written yet
    }
  })

  it('reads the source files of every layer', () => {
    // guards against a walk that silently finds nothing
    expect(files.some((f) => rel(f).startsWith('core/'))).toBe(true)
    expect(files.some((f) => rel(f).startsWith('adapters/'))).toBe(true)
  })

  it('has no file that breaks the layering rule', () => {
    const violations = files.flatMap((f) => checkFile(rel(f), readFileSync(f, 'utf8')))
    if (violations.length) console.error(`${violations.length} layering violation(s):\n${messages(violations).join('\n')}`)
    expect(messages(violations)).toEqual([])
  })
})

describe('the checker itself (so the tree test cannot pass by finding nothing)', () => {
  const check = (file: string, source: string) => messages(checkFile(file, source))

  it('flags a core file importing React', () => {
    expect(check('core/x/view.ts', `import { useState } from 'react'`)).toEqual(['core/x/view.ts: imports react (core: no React)'])
    expect(check('core/x/view.ts', `import { createRoot } from 'react-dom/client'`)).toHaveLength(1)
  })

  it('flags a core file calling fetch, reading the DOM or storage, however reached', () => {
    const src = [
      `export const load = () => fetch('/api/x')`,
      `export const w = () => window.innerWidth`,
      `export const d = () => globalThis.document`,
      `export const s = () => globalThis['localStorage']`,
      `export const n = () => navigator.language`,
      `export const x = () => new XMLHttpRequest()`,
    ].join('\n')
    const found = checkFile('core/x/load.ts', src).map((v) => v.what)
    expect(found).toEqual([
      'uses fetch(…) at line 1',
      'uses window at line 2',
      'uses globalThis.document at line 3',
      "uses globalThis['localStorage'] at line 4",
      'uses navigator at line 5',
      'uses XMLHttpRequest at line 6',
    ])
  })

  it('does not count words in comments, strings, property names or types as uses', () => {
    const src = [
      `// we never call fetch( here, nor touch window or document`,
      `const note = 'fetch(x) window document localStorage'`,
      `export interface Options { fetch?: typeof globalThis.fetch; window: number }`,
      `export const o = { fetch: 1, document: note }`,
      `export const read = (opts: { fetch: () => void }) => opts.fetch()`,
    ].join('\n')
    expect(check('core/x/clean.ts', src)).toEqual([])
  })

  it('allows fetch and the DOM in core tests, but not React or Node there', () => {
    expect(check('core/x/a.test.ts', `import { it } from 'vitest'\nimport fc from 'fast-check'\nit('x', () => fetch)`)).toEqual([])
    expect(check('core/x/a.test.ts', `import { readFileSync } from 'node:fs'`)).toEqual([
      'core/x/a.test.ts: imports node:fs (core: no Node API)',
    ])
  })

  it('flags core importing Node built-ins with or without the node: prefix, other packages, and vitest outside tests', () => {
    expect(check('core/x/a.ts', `import { readFileSync } from 'fs'`)).toEqual(['core/x/a.ts: imports fs (core: no Node API)'])
    expect(check('core/x/a.ts', `import { join } from 'path'`)).toHaveLength(1)
    expect(check('core/x/a.ts', `import { createHash } from 'node:crypto'`)).toHaveLength(1)
    expect(check('core/x/a.ts', `import i18n from 'i18next'`)).toHaveLength(1)
    expect(check('core/x/a.ts', `import { vi } from 'vitest'`)).toHaveLength(1)
    expect(check('core/x/a.ts', `import { setup } from 'xstate'\nimport * as S from 'effect/Schema'\nimport { getShortestPaths } from 'xstate/graph'`)).toEqual([])
  })

  it('flags core reaching outside core, by every kind of specifier', () => {
    expect(check('core/x/a.ts', `import { t } from '../../ui/i18n/i18n'`)).toEqual([
      'core/x/a.ts: imports ../../ui/i18n/i18n (core may import only core)',
    ])
    expect(check('core/x/a.ts', `export * from '../../adapters/http/fetch-http'`)).toHaveLength(1)
    expect(check('core/x/a.ts', `export const m = () => import('../../server/app')`)).toHaveLength(1)
    expect(check('core/x/a.ts', `export type App = typeof import('../../server/app')`)).toHaveLength(1)
    expect(check('core/x/a.ts', `import type { Seed } from '../../fixtures/types'`)).toHaveLength(1)
    expect(check('core/x/a.ts', `import { y } from '../y/b'`)).toEqual([])
  })

  it('flags a ui file importing server or fixtures, and allows adapters and core', () => {
    expect(check('ui/home/feed.tsx', `import { app } from '../../server/app'`)).toEqual([
      'ui/home/feed.tsx: imports ../../server/app (ui may import only ui, adapters, core)',
    ])
    expect(check('ui/home/feed.tsx', `import { articles } from '../../fixtures/articles'`)).toHaveLength(1)
    expect(check('ui/home/feed.tsx', `import { createFetchHttp } from '../../adapters/http/fetch-http'\nimport { pagedListMachine } from '../../core/content/paged-list.machine'`)).toEqual([])
  })

  it('follows import.meta.glob patterns, root-relative or relative', () => {
    expect(check('ui/dev/m.ts', `export const m = import.meta.glob('/core/**/*.machine.ts')`)).toEqual([])
    expect(check('ui/dev/m.ts', `export const m = import.meta.glob(['/server/**/*.ts', '!/core/x.ts'])`)).toEqual([
      'ui/dev/m.ts: imports (import.meta.glob) /server/**/*.ts (ui may import only ui, adapters, core)',
    ])
    expect(check('ui/dev/m.ts', `export const m = import.meta.glob('/**/*.ts')`)).toHaveLength(1)
  })

  it('keeps adapters off ui and server, server off ui and adapters, fixtures on core', () => {
    expect(check('adapters/http/a.ts', `import { x } from '../../ui/x'`)).toHaveLength(1)
    expect(check('adapters/http/a.ts', `import { x } from '../../server/x'`)).toHaveLength(1)
    expect(check('server/app.ts', `import { x } from '../ui/x'`)).toHaveLength(1)
    expect(check('server/app.ts', `import { x } from '../adapters/http/fetch-http'`)).toHaveLength(1)
    expect(check('server/seed.ts', `import { articles } from '../fixtures/articles'\nimport { listChannels } from '../core/api/content'`)).toEqual([])
    expect(check('fixtures/a.ts', `import { x } from '../server/db/db'`)).toHaveLength(1)
    expect(check('fixtures/a.ts', `import { x } from '../scripts/x'`)).toHaveLength(1)
    expect(check('fixtures/a.ts', `import { x } from '../../elsewhere/x'`)).toEqual([
      'fixtures/a.ts: imports ../../elsewhere/x (fixtures: import leaves the project)',
    ])
  })

  it('lets only adapters/http call fetch among client code', () => {
    expect(check('adapters/http/fetch-http.ts', `export const f = () => globalThis.fetch('/x')`)).toEqual([])
    expect(check('adapters/storage/x.ts', `export const f = () => fetch('/x')`)).toEqual([
      'adapters/storage/x.ts: uses fetch(…) at line 1 (only adapters/http calls fetch (use the HttpPort))',
    ])
    expect(check('ui/home/feed.tsx', `export const F = () => { void window.fetch('/x'); return null }`)).toEqual([
      'ui/home/feed.tsx: uses window.fetch at line 1 (only adapters/http calls fetch (use the HttpPort))',
    ])
    expect(check('ui/home/feed.tsx', `export const F = () => <a href="/x" onClick={() => document.title}>fetch</a>`)).toEqual([])
  })

  it('lets tests outside core, and only tests, import tooling from scripts/', () => {
    expect(check('ui/i18n/zh-hk.test.ts', `import { generateZhHkSource } from '../../scripts/gen-zh-hk'`)).toEqual([])
    expect(check('ui/i18n/zh-hk.ts', `import { generateZhHkSource } from '../../scripts/gen-zh-hk'`)).toEqual([
      'ui/i18n/zh-hk.ts: imports ../../scripts/gen-zh-hk (ui may import only ui, adapters, core)',
    ])
    expect(check('core/x/a.test.ts', `import { x } from '../../scripts/x'`)).toHaveLength(1)
  })

  it('flags barrel files and Node built-ins in browser code', () => {
    expect(check('core/api/index.ts', `export const x = 1`)).toEqual(['core/api/index.ts: is an index file (no barrel files)'])
    expect(check('ui/index.tsx', `export const x = 1`)).toHaveLength(1)
    expect(check('ui/x.ts', `import { readFileSync } from 'node:fs'`)).toHaveLength(1)
    expect(check('ui/x.test.ts', `import { readFileSync } from 'node:fs'`)).toEqual([])
  })

  it('reads specifiers from the AST, not from text', () => {
    const src = [
      `// import x from '../../server/app'`,
      `const s = "import y from '../../ui/z'"`,
      `import a from './a'`,
      `export { b } from './b'`,
      `const c = () => import('./c')`,
      `const d = import.meta.glob<true>('./d/*.ts', { eager: true })`,
    ].join('\n')
    expect(readSpecifiers('core/x/a.ts', src).specifiers.map((s) => s.text)).toEqual(['./a', './b', './c', './d/*.ts'])
    expect(resolveLocal('adapters/http/fetch-http.ts', '../../core/api/endpoint')).toBe('core/api/endpoint')
    expect(findGlobalUses('core/x/a.ts', src, new Set(['fetch']))).toEqual([])
  })
})
