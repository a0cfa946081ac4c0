// The spec's calls as it writes them: `METHOD /path {body fields}` and `METHOD /path (query fields)`
// (also `POST/DELETE /path {…}` and `/path?field`), read from the spec's text, and where the
// contract registry (core/api) puts those fields. Used by tests/contract-placement.test.ts.
import * as Schema from 'effect/Schema'
import type { Endpoint, HttpMethod } from '../core/api/endpoint'

export interface SpecCall {
  readonly methods: readonly HttpMethod[]
  readonly path: string
  /** fields the spec sends in the body ({…}) */
  readonly body: readonly string[]
  /** fields the spec sends in the query ((…) on a GET, or ?field) */
  readonly query: readonly string[]
  /** 'file:line' */
  readonly at: string
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/

/** The field names of a bracketed list: 'momentId, page, pageSize 5' → momentId, page, pageSize; null when it is prose. */
export function fieldsOf(list: string): string[] | null {
  const parts = list.split(',').map((part) => part.trim().split(/\s+/))
  // 'pageSize 5' and 'muteTimeHour default -1' name a field with its default; 'platform header web' is prose
  const field = (words: string[]) => IDENT.test(words[0] ?? '') && (words.length === 1 || /^-?\d/.test(words[1]!) || words[1] === 'default')
  return parts.length > 0 && parts.every(field) ? parts.map((w) => w[0]!) : null
}

/** Every call of a spec text with a method, a path starting at /, and fields or none. */
export function specCalls(file: string, text: string): SpecCall[] {
  const out: SpecCall[] = []
  // a call names its method; a path after a ';' on the same line without one takes the last method named
  // ('GET /api/portfolio/profit/v1; /list/v1 (userId)')
  const call = /(?:\b((?:GET|POST|PUT|DELETE)(?:\/(?:GET|POST|PUT|DELETE))*) |(?<=;\s*))(\/[^\s;,()]*)/g
  text.split('\n').forEach((line, i) => {
    let last: HttpMethod[] | undefined
    // the line's own prefix: a path the spec writes relative to it ('/list/v1' after '/api/portfolio/profit/v1')
    let base: string | undefined
    for (const m of line.matchAll(call)) {
      if (m[1]) last = m[1].split('/') as HttpMethod[]
      if (!last) continue
      const methods = last
      let path = m[2]!.replace(/[.:]+$/, '')
      if (path.startsWith('/api/')) base ??= path.split('/').slice(0, 3).join('/')
      else if (base && !/^\/(transaction|file|adapi|hq|s)\//.test(path)) path = `${base}${path}`
      const query: string[] = []
      const q = path.indexOf('?')
      if (q >= 0) {
        query.push(...path.slice(q + 1).split('&').filter((f) => IDENT.test(f)))
        path = path.slice(0, q)
      }
      const rest = line.slice(m.index + m[0].length)
      const body: string[] = []
      const braces = /^\s*\{([^}]*)\}/.exec(rest)
      const parens = /^\s*\(([^)]*)\)/.exec(rest)
      if (braces) body.push(...(fieldsOf(braces[1]!) ?? []))
      // a bracketed list after a GET is its query; after a write it says too little (body, query or prose)
      else if (parens && methods.every((x) => x === 'GET')) query.push(...(fieldsOf(parens[1]!) ?? []))
      out.push({ methods, path, body, query, at: `${file}:${i + 1}` })
    }
  })
  return out
}

/** The property names of a struct schema (through optional/transform wrappers), or null when it is not one. */
export function structFields(schema: Schema.Top): string[] | null {
  const s = schema as unknown as { fields?: Record<string, unknown>; ast?: { _tag?: string; propertySignatures?: ReadonlyArray<{ name: PropertyKey }> } }
  if (s.fields && typeof s.fields === 'object') return Object.keys(s.fields)
  const ast = s.ast as { _tag?: string; propertySignatures?: ReadonlyArray<{ name: PropertyKey }> } | undefined
  if (ast?._tag === 'Objects' || ast?._tag === 'TypeLiteral') return (ast.propertySignatures ?? []).map((p) => String(p.name))
  return null
}

const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '')

/** The registry's endpoints for a spec call: same method, and the same path (or, for a path the spec writes relative to its section, one ending with it). */
export function endpointsFor(call: SpecCall, method: HttpMethod, endpoints: readonly Endpoint[]): Endpoint[] {
  const want = shape(call.path)
  const same = endpoints.filter((e) => e.method === method && shape(e.path) === want)
  if (same.length || want.startsWith('/api/') || want.split('/').length < 3) return same
  const ending = endpoints.filter((e) => e.method === method && shape(e.path).endsWith(want))
  return ending.length === 1 ? ending : []
}

export interface Misplaced {
  readonly at: string
  readonly call: string
  readonly field: string
  readonly spec: 'body' | 'query'
  readonly registry: string
}

/** Where the registry disagrees with the spec: a field the spec sends in one place that the registry does not take there. */
export function misplacedFields(calls: readonly SpecCall[], endpoints: readonly Endpoint[]): Misplaced[] {
  const out: Misplaced[] = []
  for (const call of calls) {
    for (const method of call.methods) {
      for (const e of endpointsFor(call, method, endpoints)) {
        const body = structFields(e.body) ?? []
        const query = structFields(e.query) ?? []
        const params = [...e.path.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]!)
        const where = (f: string) =>
          [body.includes(f) ? 'body' : '', query.includes(f) ? 'query' : '', params.includes(f) ? 'path' : ''].filter(Boolean).join(' and ') || 'nowhere'
        for (const field of call.body) {
          if (!body.includes(field)) out.push({ at: call.at, call: `${method} ${e.path}`, field, spec: 'body', registry: where(field) })
        }
        for (const field of call.query) {
          if (!query.includes(field) && !params.includes(field)) out.push({ at: call.at, call: `${method} ${e.path}`, field, spec: 'query', registry: where(field) })
        }
      }
    }
  }
  return out
}

export const describeMisplaced = (m: Misplaced) => `${m.call}: the spec (${m.at}) sends ${m.field} in the ${m.spec}; the registry takes it in ${m.registry}`
