// The loader of server-rendered pages (issue 11): a path's first-screen calls (core/api/first-screen.ts)
// made to this server's own API, in process, as a guest in the reader's script. The answers are
// exactly what the browser would get from the same calls — the same routes, services, schemas and
// rules (a VIP article's guest answer holds only its free part) — so the server HTML never holds
// more than a guest may read, and the browser's machines start from the same answers.
import type { Hono } from 'hono'
import * as Schema from 'effect/Schema'
import { buildPath, buildQuery, codec, type Endpoint } from '../../core/api/endpoint'
import { ENDPOINTS } from '../../core/api/registry'
import { firstCallKey, firstScreenCalls, type FirstCall } from '../../core/api/first-screen'
import type { Lang } from '../../core/locale/lang'

const byName = new Map<string, Endpoint>(ENDPOINTS.map((e) => [e.endpoint.name, e.endpoint]))

const encoder = (schema: Schema.Top) => Schema.encodeUnknownSync(codec(schema))

/** The URL the browser's HTTP adapter would build for `call` (the same schemas encode it). */
export function urlOfCall(call: FirstCall): string {
  const endpoint = byName.get(call.endpoint)
  if (!endpoint || endpoint.method !== 'GET') throw new Error(`first screen: no GET endpoint named ${call.endpoint}`)
  const params = encoder(endpoint.params)(call.params ?? {}) as Record<string, unknown>
  const query = encoder(endpoint.query)(call.query ?? {}) as Record<string, unknown>
  return `${buildPath(endpoint.path, params)}${buildQuery(query)}`
}

/**
 * The first screen's answers of `path` by firstCallKey, or null when the browser draws the page.
 * A call the API refuses (an unknown id: 404) is left out: the page then renders what the browser's
 * first render shows for it, and the browser asks again.
 */
export async function firstScreenAnswers(app: Hono, path: string, lang: Lang): Promise<Record<string, unknown> | null> {
  const calls = firstScreenCalls(path)
  if (!calls) return null
  const answers: Record<string, unknown> = {}
  await Promise.all(
    calls.map(async (call) => {
      // no cookie: the guest's answer; no Accept-Encoding: plain JSON
      const res = await app.request(urlOfCall(call), { headers: { 'Client-Lang': lang, Accept: 'application/json' } })
      if (res.status !== 200) return
      const body = (await res.json()) as { statusCode?: unknown; result?: unknown }
      if (body.statusCode === 200) answers[firstCallKey(call)] = body.result
    }),
  )
  return answers
}
