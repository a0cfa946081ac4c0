// A small client for the posting and interaction tests (issue 12): the real app on a PGlite clone
// with a clock the test moves, three readers (guest, owner, other) and JSON calls that keep the
// status and the envelope. The app is the real createApp; nothing is stubbed.
import type { Hono } from 'hono'
import { createApp } from '../app'
import { authHeaders, signInForTest } from '../accounts/session'
import { createTestDb, TEST_NOW, type TestDb } from './test-db'
import { LOOPBACK } from './socket-env'
import { GENEROUS_WRITE_LIMITS } from './test-app'
import { firstUsers } from '../accounts/users-repository'

export interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the envelope carries
  body: { statusCode: number; message: string; result: any }
  headers: Headers
}

export interface PostingClient extends TestDb {
  app: Hono
  /** moves the app's clock (ms) */
  advance(ms: number): void
  nowSeconds(): number
  ownerId: number
  otherId: number
  owner: Record<string, string>
  other: Record<string, string>
  /** a guest: a CSRF token (so the request passes the CSRF check) but no session */
  guest: Record<string, string>
  call(method: string, path: string, headers: Record<string, string>, body?: unknown, env?: unknown): Promise<Answer>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the result as the test reads it
  ok(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<any>
  /** the local moderation's sandbox decides a post or comment */
  decide(kind: 'post' | 'comment', id: number, approve?: boolean): Promise<Answer>
  /** a discussion post by `headers`, approved */
  approvedPost(headers: Record<string, string>, content?: string): Promise<number>
}

export async function createPostingClient(): Promise<PostingClient> {
  const testDb = await createTestDb()
  let nowMs = TEST_NOW * 1000
  // posting tests write a lot from two accounts on a clock they move by hand: not about limits
  const app = createApp({ db: testDb.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: GENEROUS_WRITE_LIMITS })
  const users = await firstUsers(testDb.db, 2, true)
  const ownerId = Number(users[0]!.id)
  const otherId = Number(users[1]!.id)
  const owner = authHeaders(await signInForTest(testDb, ownerId))
  const other = authHeaders(await signInForTest(testDb, otherId))
  const guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown, env?: unknown): Promise<Answer> => {
    // as the client's HTTP adapter does: a POST or PUT always carries a JSON body ({} when it has none)
    if (body === undefined && (method === 'POST' || method === 'PUT')) body = {}
    const init: RequestInit = { method, headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) } }
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
    const res = await app.request(path, init, env)
    return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers }
  }
  const ok = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const a = await call(method, path, headers, body)
    if (a.status !== 200) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`)
    return a.body.result
  }
  const decide = (kind: 'post' | 'comment', id: number, approve = true) => call('POST', '/api/sandbox/moderation/v1', guest, { kind, id, approve }, LOOPBACK)
  const approvedPost = async (headers: Record<string, string>, content = '腾讯今天涨了') => {
    const post = await ok('POST', '/api/community/dynamic/v3', headers, { content })
    const d = await decide('post', Number(post.id))
    if (d.status !== 200) throw new Error(`decide: ${d.status}`)
    return Number(post.id)
  }
  return {
    ...testDb,
    app,
    advance: (ms) => void (nowMs += ms),
    nowSeconds: () => Math.floor(nowMs / 1000),
    ownerId,
    otherId,
    owner,
    other,
    guest,
    call,
    ok,
    decide,
    approvedPost,
  }
}
