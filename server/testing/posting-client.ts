// A small client for the posting and interaction tests (issue 12): the real app on a PGlite clone
// with a clock the test moves, three readers (guest, owner, other) and JSON calls that keep the
// status and the envelope. The app is the real createApp; nothing is stubbed.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { authHeaders, signInForTest } from '../accounts/session'
import { createTestDb, TEST_NOW, type TestDb } from './test-db'
import { LOOPBACK } from './socket-env'
import { GENEROUS_WRITE_LIMITS, withEnv } from './test-app'
import { firstUsers } from '../accounts/users-repository'
import { jsonCalls, type Answer, type JsonCalls } from './json-calls'

export type { Answer } from './json-calls'

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
  call: JsonCalls['call']
  ok: JsonCalls['ok']
  /** the local moderation's sandbox decides a post or comment */
  decide(kind: 'post' | 'comment', id: number, approve?: boolean): Promise<Answer>
  /** a discussion post by `headers`, approved */
  approvedPost(headers: Record<string, string>, content?: string): Promise<number>
  /** the ids of `count` more live seed accounts, after the owner and the other (for roles a test needs) */
  moreUserIds(count: number): Promise<number[]>
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
  const { call, ok } = jsonCalls(() => app)
  const decide = (kind: 'post' | 'comment', id: number, approve = true) => call('POST', '/api/sandbox/moderation/v1', guest, { kind, id, approve }, LOOPBACK)
  const approvedPost = async (headers: Record<string, string>, content = '腾讯今天涨了') => {
    const post = await ok('POST', '/api/community/dynamic/v3', headers, { content })
    const d = await decide('post', Number(post.id))
    if (d.status !== 200) throw new Error(`decide: ${d.status}`)
    return Number(post.id)
  }
  const moreUserIds = async (count: number) => (await firstUsers(testDb.db, count + 2, true)).slice(2).map((u) => Number(u.id))
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
    moreUserIds,
  }
}

/**
 * A posting client whose uploads land in a fresh temporary directory: UPLOAD_DIR for the app,
 * `uploadDir` for the test. close() puts UPLOAD_DIR back and removes the directory.
 */
export type UploadingClient = PostingClient & { uploadDir: string }

export async function createUploadingClient(): Promise<UploadingClient> {
  const uploadDir = await mkdtemp(join(tmpdir(), 'gmh-uploads-'))
  const client = await withEnv('UPLOAD_DIR', uploadDir, createPostingClient)
  const close = async () => {
    await client.close()
    await rm(uploadDir, { recursive: true, force: true })
  }
  return { ...client, uploadDir, close }
}
