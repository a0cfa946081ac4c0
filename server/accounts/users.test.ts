// A user's counts (spec 000 §3 userCount): posts are their articles plus their community posts.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getUserDetail } from '../../core/api/accounts'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(t.db.kysely)).rows[0]?.n ?? 0)

describe('userCount.post', () => {
  it('counts the community posts of a user who wrote some (not only articles)', async () => {
    const poster = (
      await sql<{ user_id: number }>`SELECT user_id FROM posts WHERE status = 'approved' GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1`.execute(t.db.kysely)
    ).rows[0]!.user_id
    const posts = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM posts WHERE user_id = ${poster} AND status = 'approved'`)
    const articles = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM articles WHERE author_id = ${poster}`)
    expect(posts).toBeGreaterThan(0)
    const user = await t.getOk(getUserDetail, `/api/user/getDetail?userId=${poster}`)
    expect(user.userCount.post).toBe(articles + posts)
  })

  it('a post under review is not counted', async () => {
    const poster = (await sql<{ user_id: number }>`SELECT user_id FROM posts WHERE status = 'approved' ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.user_id
    const before = (await t.getOk(getUserDetail, `/api/user/getDetail?userId=${poster}`)).userCount.post
    await sql`INSERT INTO posts (user_id, content, status, create_timestamp) VALUES (${poster}, '审核中', 'reviewing', 1)`.execute(t.db.kysely)
    await sql`INSERT INTO posts (user_id, content, status, create_timestamp) VALUES (${poster}, '新帖', 'approved', 1)`.execute(t.db.kysely)
    expect((await t.getOk(getUserDetail, `/api/user/getDetail?userId=${poster}`)).userCount.post).toBe(before + 1)
  })
})
