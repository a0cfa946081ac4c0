// The contract registry (core/api/registry.ts) is the one list of endpoints: every endpoint is
// declared in core/api/, has a unique name and a unique method + path, and is either served by the
// real app or on the pending list (core/api/pending.ts), the honest map of what is not built yet.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routerPath } from '../core/api/endpoint'
import { PENDING } from '../core/api/pending'
import { CONTRACT_FILES, ENDPOINTS } from '../core/api/registry'
import { createTestApp, type TestApp } from '../server/testing/test-app'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const rel = (full: string) => relative(ROOT, full).split(sep).join('/')

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return tsFiles(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** A call of `endpoint({…})` or of a builder of core/api/endpoint.ts: `get('name', …)`, `post('name', …)`… */
const DECLARES_ENDPOINT = /(?<![.\w$])(?:endpoint\(\{|(?:get|publicGet|post|put|del)\(\s*')/

/** `/api/x/{id}/v1` and `/api/x/{code}/v1` are one route. */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/\{\w+\??\}/g, '{}')}`

describe('the contract registry', () => {
  it('every endpoint is declared in a contract file of core/api/ that the registry reads', () => {
    const declaring = tsFiles(join(ROOT, 'core'))
      .filter((f) => DECLARES_ENDPOINT.test(readFileSync(f, 'utf8')))
      .map(rel)
      .sort()
    const registered = Object.keys(CONTRACT_FILES).map((area) => `core/api/${area}.ts`).sort()
    expect(declaring).toEqual(registered)
    expect(ENDPOINTS.length).toBeGreaterThan(150)
  })

  it('names are unique', () => {
    const seen = new Map<string, string>()
    const repeats: string[] = []
    for (const { area, exportName, endpoint } of ENDPOINTS) {
      const where = `${area}.${exportName}`
      const first = seen.get(endpoint.name)
      if (first) repeats.push(`${endpoint.name}: ${first} and ${where}`)
      else seen.set(endpoint.name, where)
    }
    expect(repeats).toEqual([])
  })

  it('method + path are unique', () => {
    const seen = new Map<string, string>()
    const repeats: string[] = []
    for (const { area, exportName, endpoint } of ENDPOINTS) {
      const key = routeKey(endpoint.method, endpoint.path)
      const first = seen.get(key)
      if (first) repeats.push(`${key}: ${first} and ${area}.${exportName}`)
      else seen.set(key, `${area}.${exportName}`)
    }
    expect(repeats).toEqual([])
  })
})

describe('served or pending', () => {
  let t: TestApp
  let served: Set<string>
  beforeAll(async () => {
    t = await createTestApp()
    served = new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))
  })
  afterAll(() => t.close())

  const isServed = (e: { method: string; path: string }) => served.has(`${e.method} ${routerPath(e.path)}`)
  const pendingNames = () => Object.values(PENDING).flatMap((group) => group.endpoints)

  it('every endpoint is served by the app or on the pending list', () => {
    const pending = new Set(pendingNames())
    const missing = ENDPOINTS.filter(({ endpoint }) => !isServed(endpoint) && !pending.has(endpoint.name)).map(
      ({ area, endpoint }) => `${area}: ${endpoint.name} ${endpoint.method} ${endpoint.path}`,
    )
    expect(missing).toEqual([])
  })

  it('the pending list names real endpoints, once each, none of them served (a built one leaves the list)', () => {
    const byName = new Map(ENDPOINTS.map((r) => [r.endpoint.name, r.endpoint]))
    const names = pendingNames()
    expect(names.filter((n) => !byName.has(n))).toEqual([])
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([])
    expect(names.filter((n) => isServed(byName.get(n)!))).toEqual([])
  })

  it('checks what it claims: a served endpoint is found, an unserved path is not', () => {
    const served = ENDPOINTS.find((r) => r.endpoint.name === 'channels.articles')!.endpoint
    expect(isServed(served)).toBe(true)
    expect(isServed({ method: 'GET', path: '/api/nothing-here/{id}/v1' })).toBe(false)
    expect(isServed({ ...served, method: 'DELETE' })).toBe(false)
  })
})
