// design.md 'The layers, and which way imports flow': a test fails when a file breaks the rule.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkFile, checkUiFile, findGlobalUses, formatViolation, LAYERS, readSpecifiers, resolveLocal, uiFeatureOf, type Violation } from './import-rules'
import { uninspectedActors, valueCycles } from './import-graph'

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

describe('import cycles', () => {
  // every module of ours that runs: the layers, and the scripts, tests and journeys that import them
  const files = new Map<string, string>()
  for (const dir of [...LAYERS, 'scripts', 'tests', 'e2e', 'bench']) {
    try {
      for (const f of sourceFiles(join(ROOT, dir))) files.set(rel(f), readFileSync(f, 'utf8'))
    } catch {
      // a folder not written yet
    }
  }

  it('no module imports a value from a module that imports it back, however far round (type-only imports may)', () => {
    expect(files.size).toBeGreaterThan(500)
    const cycles = valueCycles(files)
    if (cycles.length) console.error(`${cycles.length} import cycle(s):\n${cycles.join('\n')}`)
    expect(cycles).toEqual([])
  })

  it('finds a planted cycle, two or three modules round, and a module importing itself', () => {
    const planted = new Map([
      ['ui/order/order-dialog.tsx', `import { DialogHead } from './pages'\nexport const OrderDialog = () => DialogHead`],
      ['ui/order/pages.tsx', `import { OrderDialog } from './order-dialog'\nexport const DialogHead = 1\nexport const back = OrderDialog`],
      ['core/a.ts', `export { b } from './b'\nexport const a = 1`],
      ['core/b.ts', `import { c } from './c'\nexport const b = c`],
      ['core/c.ts', `import { a } from './a'\nexport const c = a`],
      ['core/self.ts', `import { x } from './self'\nexport const y = x`],
      ['core/leaf.ts', `import { a } from './a'\nexport const leaf = a`],
    ])
    expect(valueCycles(planted)).toEqual([
      'core/a.ts → core/b.ts → core/c.ts → core/a.ts',
      'core/self.ts → core/self.ts',
      'ui/order/order-dialog.tsx → ui/order/pages.tsx → ui/order/order-dialog.tsx',
    ])
  })

  it('lets type-only imports and import() go back: they do not run at load time', () => {
    const allowed = new Map([
      ['ui/order/order-dialog.tsx', `import { DialogHead } from './pages'\nexport type Step = 'index'\nexport const OrderDialog = () => DialogHead`],
      ['ui/order/pages.tsx', `import type { Step } from './order-dialog'\nimport { type Step as S2 } from './order-dialog'\nexport const DialogHead = (s: Step, t: S2) => s ?? t`],
      ['ui/order/lazy.tsx', `export const load = () => import('./order-dialog')\nimport { OrderDialog } from './order-dialog'\nexport const d = OrderDialog`],
      ['ui/order/back.tsx', `import { load } from './lazy'\nexport const x = load`],
    ])
    expect(valueCycles(allowed)).toEqual([])
    // a mixed import (one value beside the types) is a value import
    allowed.set('ui/order/pages.tsx', `import { type Step, steps } from './order-dialog'\nexport const DialogHead = (s: Step) => steps ?? s`)
    expect(valueCycles(allowed)).toEqual(['ui/order/order-dialog.tsx → ui/order/pages.tsx → ui/order/order-dialog.tsx'])
  })
})

describe('the visualiser sees every actor (ui/dev/inspector.ts)', () => {
  // GUEST: a session that is never started (views rendered without a host), so there is nothing to see
  const NEVER_STARTED = new Set(['ui/common/session.ts'])
  it('every actor the app starts is given the inspector', () => {
    const files = sourceFiles(join(ROOT, 'ui')).map(rel).filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith('ui/testing/') && !NEVER_STARTED.has(f))
    const missing = files.flatMap((f) => uninspectedActors(f, readFileSync(join(ROOT, f), 'utf8')))
    expect(missing).toEqual([])
  })

  it('the check flags an actor started without it, and passes one with it', () => {
    expect(uninspectedActors('ui/x.tsx', `const a = useActorRef(machine)\nconst b = createActor(m, { input: 1 }).start()`)).toEqual([
      'ui/x.tsx:1 useActorRef(machine)',
      'ui/x.tsx:2 createActor(m, { input: 1 })',
    ])
    expect(uninspectedActors('ui/x.tsx', `const a = useActorRef(machine, { inspect })\nconst b = createActor(m, { ...(x ? { input } : {}), inspect: hub.inspect })`)).toEqual([])
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

// design.md 'App state and the API layer': views never call the HTTP port (each feature builds its
// calls and machine actors in ui/<feature>/api.ts); a feature never imports another feature's
// internals (what two share lives in ui/common/ or core/).
//
// PENDING is the honest map of what is not moved yet: files that still break the rule. It may only
// shrink — a file that no longer breaks the rule must leave the list (the test says so), and a file
// not on it may not start breaking it.
const PENDING_UI_FILES = new Set<string>([
])

describe('ui structure: views and features', () => {
  const files = sourceFiles(join(ROOT, 'ui')).map((f) => ({ file: rel(f), source: readFileSync(f, 'utf8') }))
  const violations = files.flatMap(({ file, source }) => checkUiFile(file, source))

  it('reads the ui files', () => {
    expect(files.some((f) => f.file === 'ui/common/toggle-button.tsx')).toBe(true)
  })

  it('no file outside the pending list calls the HTTP port from a view or imports another feature', () => {
    const fresh = violations.filter((v) => !PENDING_UI_FILES.has(v.file))
    expect(messages(fresh)).toEqual([])
  })

  it('every file on the pending list still breaks the rule (take it off once moved)', () => {
    const breaking = new Set(violations.map((v) => v.file))
    expect([...PENDING_UI_FILES].filter((f) => !breaking.has(f))).toEqual([])
  })

  it('the features moved so far are clean: accounts, the toggle and session readers', () => {
    for (const f of ['ui/accounts/login-dialog.tsx', 'ui/accounts/my-pages.tsx', 'ui/accounts/wechat-return.tsx', 'ui/accounts/captcha-slider.tsx', 'ui/accounts/session.tsx', 'ui/common/toggle-button.tsx', 'ui/reading/community/recommend-users-page.tsx']) {
      expect(PENDING_UI_FILES.has(f), f).toBe(false)
    }
  })
})

describe('the ui checker itself', () => {
  const check = (file: string, source: string) => messages(checkUiFile(file, source))
  const PORT = "views never reach the HTTP port: use the feature's api.ts"

  it('flags a view importing the HTTP port or reaching http, however written', () => {
    expect(check('ui/market/x.tsx', `import type { HttpPort } from '../../core/api/http-port'`)).toEqual([`ui/market/x.tsx: imports ../../core/api/http-port (${PORT})`])
    expect(check('ui/market/x.tsx', `export const F = () => { const { http } = useServices(); return http.call(e) }`)).toEqual([`ui/market/x.tsx: uses http at line 1 (${PORT})`])
    expect(check('ui/market/x.tsx', `export const F = () => useServices().http.call(e)`)).toHaveLength(1)
    expect(check('ui/market/x.tsx', `export const F = () => { const { http: port } = useServices(); return port }`)).toHaveLength(1)
  })

  it('lets a feature api module use the port, and does not count words in strings or comments', () => {
    expect(check('ui/market/api.ts', `import type { HttpPort } from '../../core/api/http-port'\nexport const api = (http: HttpPort) => http.call(e)`)).toEqual([])
    expect(check('ui/market/x.tsx', `// http.call here\nexport const s = 'http'`)).toEqual([])
  })

  it('flags a feature importing another feature, not shared folders or its own files', () => {
    expect(check('ui/market/x.tsx', `import { y } from '../accounts/login-dialog'`)).toEqual([
      "ui/market/x.tsx: imports ../accounts/login-dialog (feature market imports accounts's internals (move what both use to ui/common/ or core/))",
    ])
    expect(check('ui/reading/docs/x.tsx', `import { y } from '../columns/parts'`)).toHaveLength(1)
    expect(check('ui/reading/docs/x.tsx', `const m = () => import('../../search/search-page')`)).toHaveLength(1)
    expect(check('ui/reading/docs/x.tsx', `import { a } from './y'\nimport { b } from '../../common/status'\nimport { c } from '../../content/panel'\nimport { t } from '../../i18n/i18n'`)).toEqual([])
  })

  it('keeps shared folders off features, and lets the app root and the shell compose them', () => {
    expect(check('ui/common/x.tsx', `import { y } from '../market/stock-page'`)).toEqual([
      "ui/common/x.tsx: imports ../market/stock-page (ui/common is shared: it imports no feature)",
    ])
    expect(check('ui/app.tsx', `import { y } from './market/routes'`)).toEqual([])
    expect(check('ui/shell/header.tsx', `import { HeaderUser } from '../accounts/header-user'`)).toEqual([])
    expect(check('ui/reading/routes.tsx', `import { r } from './docs/routes'`)).toEqual([])
  })

  it('names features: reading holds one per sub-folder', () => {
    expect(uiFeatureOf('ui/market/stock-page.tsx')).toBe('market')
    expect(uiFeatureOf('ui/reading/docs/news-page.tsx')).toBe('reading/docs')
    expect(uiFeatureOf('ui/reading/routes.tsx')).toBeNull()
    expect(uiFeatureOf('ui/app.tsx')).toBeNull()
  })
})
