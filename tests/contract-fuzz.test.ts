// Issue 9 'Bad input': every endpoint of the contract registry (core/api/*.ts), fed values generated
// from its own Effect Schemas (effect's Arbitrary) and hostile variants (ids past 2^31, NUL, wrong
// types, deep nesting, 1 MB strings, broken JSON and multipart), sent to the real app on PGlite as a
// guest and, for half the requests, with a valid session and CSRF token. No answer may be ≥ 500.
//
// The default run is bounded for `npm test`; FUZZ_RUNS=<n> (default 3) draws n arbitrary values per
// endpoint and part, and FUZZ_SEED=<n> replays one seed. The figures print at the end.
import * as Effect from 'effect/Effect'
import * as Arbitrary from 'effect/Arbitrary'
import * as Schema from 'effect/Schema'
import * as SchemaAST from 'effect/SchemaAST'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildPath, type Endpoint } from '../core/api/endpoint'
import { createTestApp, type TestApp } from '../server/testing/test-app'
import { authHeaders, signInForTest } from '../server/accounts/session'

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 3) || 3)
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)

/** Every endpoint() value exported by a core/api module: the contract registry. */
function registry(): Endpoint[] {
  const modules = import.meta.glob(['../core/api/*.ts', '!../core/api/*.test.ts'], { eager: true }) as Record<string, Record<string, unknown>>
  const seen = new Map<string, Endpoint>()
  for (const mod of Object.values(modules)) {
    for (const value of Object.values(mod)) {
      if (isEndpoint(value)) seen.set(`${value.method} ${value.path}`, value)
    }
  }
  return [...seen.values()]
}

function isEndpoint(v: unknown): v is Endpoint {
  if (typeof v !== 'object' || v === null) return false
  const e = v as Partial<Endpoint>
  return typeof e.name === 'string' && typeof e.path === 'string' && typeof e.method === 'string' && Schema.isSchema(e.params) && Schema.isSchema(e.body)
}

/** Wire values (the encoded side: strings for params and query) drawn from the schema's Arbitrary. */
async function samples(schema: Schema.Top, count: number, seed: number): Promise<unknown[]> {
  try {
    const arb = Arbitrary.schema(schema as never)
    const values = await Effect.runPromise(Arbitrary.sampleEffect(arb, { count, seed, size: 8 }))
    const encode = Schema.encodeUnknownSync(schema as unknown as Schema.Codec<unknown, unknown>)
    return values.flatMap((v) => {
      try {
        return [encode(v)]
      } catch {
        return []
      }
    })
  } catch {
    return [] // a schema the unstable derivation cannot compile: the hostile variants still cover it
  }
}

/** Names of the top-level fields of a struct schema (none for anything else). */
function fieldsOf(schema: Schema.Top): string[] {
  const ast = SchemaAST.toEncoded(schema.ast)
  return SchemaAST.isObjects(ast) ? ast.propertySignatures.map((p) => String(p.name)) : []
}

const MB = 'x'.repeat(1024 * 1024)
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n)
const deepValue = (n: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < n; i++) v = { a: v }
  return v
}
const LONG = RUNS > 3
/** Hostile strings for a path or query field (the long run tries more spellings of each kind). */
const HOSTILE_STRINGS = ['2147483648', '9007199254740993', '-1', 'NaN', '1e309', 'a\u0000b', '', '%', 'x'.repeat(20_000)].concat(
  LONG ? ['0', 'Infinity', '1.5', '\u0000', '[]', '4294967296'] : [],
)
/** Hostile JSON values for a body field. */
const HOSTILE_VALUES: unknown[] = [2 ** 31, 2 ** 53, -1, 'a\u0000b', null, [], {}, deepValue(1000), MB].concat(
  LONG ? [1e308, 0.5, 'NaN', '\u0000', true, [1, 'a', null], 2 ** 32] : [],
)
/** Whole bodies that are not what any endpoint expects. */
const HOSTILE_BODIES: { body: string; type: string }[] = [
  { body: '{"a":', type: 'application/json' },
  { body: deepArray(1000), type: 'application/json' },
  { body: JSON.stringify(deepValue(1000)), type: 'application/json' },
  { body: '"\\u0000"', type: 'application/json' },
  { body: '{"x":"\\u0000"}', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '[]', type: 'application/json' },
  { body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', type: 'multipart/form-data; boundary=b' },
  { body: 'garbage', type: 'multipart/form-data' },
  { body: 'a=%00&b=%', type: 'application/x-www-form-urlencoded' },
]

interface Probe {
  endpoint: Endpoint
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: { text: string; type: string } | undefined
}

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})

/** A path parameter must not be empty (the router would not match at all). */
function pathOf(e: Endpoint, params: Record<string, unknown>): string {
  const filled: Record<string, unknown> = {}
  for (const m of e.path.matchAll(/\{(\w+)\??\}/g)) {
    const v = params[m[1]!]
    const text = v === undefined || v === null || String(v) === '' ? '1' : typeof v === 'object' ? JSON.stringify(v) : String(v)
    // a lone surrogate cannot be URI-encoded at all
    filled[m[1]!] = Array.from(text, (ch) => (ch.length === 1 && /[\uD800-\uDFFF]/.test(ch) ? '\uFFFD' : ch)).join('')
  }
  return buildPath(e.path, filled)
}

function queryOf(query: Record<string, unknown>): string {
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue
    sp.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
  }
  const s = sp.toString()
  return s ? `?${s}` : ''
}

async function probesFor(e: Endpoint, seed: number): Promise<Probe[]> {
  const hasBody = e.method === 'POST' || e.method === 'PUT'
  const [ps, qs, bs] = await Promise.all([samples(e.params, RUNS, seed), samples(e.query, RUNS, seed + 1), hasBody ? samples(e.body, RUNS, seed + 2) : []])
  const baseParams = asRecord(ps[0])
  const baseQuery = asRecord(qs[0])
  const baseBody = bs[0] ?? {}
  const json = (v: unknown) => ({ text: JSON.stringify(v), type: 'application/json' })
  const out: Probe[] = []
  // drawn from the schemas: what the client could send
  for (let i = 0; i < RUNS; i++) {
    out.push({ endpoint: e, params: asRecord(ps[i] ?? baseParams), query: asRecord(qs[i] ?? baseQuery), body: hasBody ? json(bs[i] ?? baseBody) : undefined })
  }
  // one hostile value in one field at a time, the rest valid
  for (const field of fieldsOf(e.params)) {
    for (const h of HOSTILE_STRINGS) out.push({ endpoint: e, params: { ...baseParams, [field]: h }, query: baseQuery, body: hasBody ? json(baseBody) : undefined })
  }
  for (const field of fieldsOf(e.query)) {
    for (const h of HOSTILE_STRINGS) out.push({ endpoint: e, params: baseParams, query: { ...baseQuery, [field]: h }, body: hasBody ? json(baseBody) : undefined })
  }
  // unknown and doubled query keys
  out.push({ endpoint: e, params: baseParams, query: { ...baseQuery, zz: '\u0000' }, body: hasBody ? json(baseBody) : undefined })
  if (hasBody) {
    for (const field of fieldsOf(e.body)) {
      for (const h of HOSTILE_VALUES) out.push({ endpoint: e, params: baseParams, query: baseQuery, body: json({ ...asRecord(baseBody), [field]: h }) })
    }
    for (const b of HOSTILE_BODIES) out.push({ endpoint: e, params: baseParams, query: baseQuery, body: { text: b.body, type: b.type } })
  }
  return out
}

let t: TestApp
const endpoints = registry()

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('contract fuzz: no answer ≥ 500 for any input', () => {
  it('finds every endpoint of the contract (a module that stops exporting endpoints would hide routes)', () => {
    expect(endpoints.length).toBeGreaterThan(100)
    expect(endpoints.map((e) => e.path)).toContain('/s/')
  })

  it(
    'every endpoint, as a guest and signed in, answers < 500',
    async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
      const failures: string[] = []
      const routes = new Set<string>()
      let requests = 0
      let cookie = ''
      try {
        for (const [i, e] of endpoints.entries()) {
          const probes = await probesFor(e, SEED + i * 7)
          for (const [j, p] of probes.entries()) {
            // half the requests carry a valid session and CSRF token; a fresh one now and then, as a
            // probe may have logged out or changed the password
            let headers: Record<string, string> = { 'Client-Lang': j % 3 === 0 ? 'zh-hk' : 'zh-cn' }
            if (j % 2 === 1) {
              if (!cookie || j % 16 === 1) cookie = await signInForTest(t, 1)
              headers = { ...headers, ...authHeaders(cookie) }
            }
            if (p.body) headers['Content-Type'] = p.body.type
            const url = pathOf(e, p.params) + queryOf(p.query)
            const res = await t.request(url, { method: e.method, headers, body: p.body?.text })
            await res.arrayBuffer()
            requests++
            if (res.status >= 500) {
              routes.add(`${e.method} ${e.path}`)
              if (failures.length < 40) failures.push(`${res.status} ${e.method} ${url.slice(0, 160)} ${p.body?.text.slice(0, 120) ?? ''}`)
              else failures.push('')
            }
          }
        }
      } finally {
        errors.mockRestore()
      }
      console.log(`contract fuzz: ${requests} requests, ${endpoints.length} routes, ${failures.length} answers ≥ 500 on ${routes.size} routes (FUZZ_RUNS=${RUNS}, seed ${SEED})`)
      expect(failures.filter(Boolean)).toEqual([])
    },
    600_000,
  )
})
