// The paywall (issue 13; spec 001 §1, §6): paid content is enforced by the server. A VIP article, an
// article of a paid column (read as a column or an album) and a paid research report answer only their
// free part to a reader without a valid membership or purchase, with `locked` for the buy prompt.
// The content services (server/content/articles.ts, server/reading/docs/research.ts) call this, so
// every renderer of the same service — the API and the server renderer (server/seo/ssr.ts) — inherits
// the cut: nothing renders the paid part without going through here.
import { sql } from 'kysely'
import type { Context } from 'hono'
import type { Db } from '../db/db'
import { currentUser } from '../accounts/session'
import { accountMemberAt } from '../accounts/users-repository'
import { holdsTierAt } from './memberships-repository'

/** Paragraphs of a locked article a reader sees before buying (ours: the spec names no number). */
export const FREE_ARTICLE_PARAGRAPHS = 2

/** Who reads: a signed-in reader's id or null for a guest, and the time (seconds). */
export interface Viewer {
  readonly userId: number | null
  readonly nowSeconds: number
}
export const guestAt = (nowSeconds: number): Viewer => ({ userId: null, nowSeconds })

export interface Lock {
  readonly locked: boolean
  /** the spec a locked reader is offered (the cheapest that unlocks it), when one is on sale */
  readonly specsId?: number
}

/** spec 001 §6 / spec 000 §4: a member has a tier whose expiry is not earlier than now. */
export async function isMemberNow(db: Db, userId: number, nowSeconds: number): Promise<boolean> {
  return (await holdsTierAt(db, userId, nowSeconds)) || (await accountMemberAt(db, userId, nowSeconds))
}

/** A purchase held now: kept for good, or a period (a column's year) not yet ended. */
async function owns(db: Db, userId: number, nowSeconds: number, refs: readonly { kind: 'article' | 'column' | 'report'; id: number }[]): Promise<boolean> {
  if (refs.length === 0) return false
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM entitlements WHERE user_id = ${userId} AND (expire_timestamp IS NULL OR expire_timestamp >= ${nowSeconds})
    AND (ref_kind, ref_id) IN (${sql.join(refs.map((x) => sql`(${x.kind}, ${x.id})`))})`.execute(db.kysely)
  return Number(r.rows[0]?.n ?? 0) > 0
}

async function cheapestSpec(db: Db, refs: readonly { kind: string; id: number | null }[]): Promise<number | undefined> {
  for (const ref of refs) {
    const r = await sql<{ id: number }>`
      SELECT s.id FROM goods_specs s JOIN goods g ON g.id = s.goods_id
      WHERE g.ref_kind = ${ref.kind} AND ${ref.id === null ? sql`g.ref_id IS NULL AND g.tier = 'gold'` : sql`g.ref_id = ${ref.id}`}
      ORDER BY s.price_cents, s.id LIMIT 1`.execute(db.kysely)
    if (r.rows[0]) return Number(r.rows[0].id)
  }
  return undefined
}

const lockWith = (specsId: number | undefined): Lock => (specsId === undefined ? { locked: true } : { locked: true, specsId })

/**
 * An article: a VIP article needs a valid membership or the article bought; an article of a paid
 * column needs the column (or the article) bought. Both when both.
 */
export async function articleLock(db: Db, viewer: Viewer, article: { id: number; isVip: boolean; columnId: number | null }): Promise<Lock> {
  const paidColumn =
    article.columnId !== null &&
    (await sql<{ id: number }>`SELECT id FROM goods WHERE ref_kind = 'column' AND ref_id = ${article.columnId} LIMIT 1`.execute(db.kysely)).rows.length > 0
  if (!article.isVip && !paidColumn) return { locked: false }
  const uid = viewer.userId
  const vipOk = !article.isVip || (uid !== null && ((await isMemberNow(db, uid, viewer.nowSeconds)) || (await owns(db, uid, viewer.nowSeconds, [{ kind: 'article', id: article.id }]))))
  const columnOk =
    !paidColumn ||
    (uid !== null &&
      (await owns(db, uid, viewer.nowSeconds, [
        { kind: 'column', id: article.columnId! },
        { kind: 'article', id: article.id },
      ])))
  if (vipOk && columnOk) return { locked: false }
  if (!columnOk) return lockWith(await cheapestSpec(db, [{ kind: 'column', id: article.columnId }, { kind: 'article', id: article.id }]))
  return lockWith(await cheapestSpec(db, [{ kind: 'membership', id: null }, { kind: 'article', id: article.id }]))
}

/** A paid research report: a valid membership or the report bought. */
export async function reportLock(db: Db, viewer: Viewer, report: { id: number; isPay: boolean }): Promise<Lock> {
  if (!report.isPay) return { locked: false }
  const uid = viewer.userId
  if (uid !== null && ((await isMemberNow(db, uid, viewer.nowSeconds)) || (await owns(db, uid, viewer.nowSeconds, [{ kind: 'report', id: report.id }])))) return { locked: false }
  return lockWith(await cheapestSpec(db, [{ kind: 'report', id: report.id }, { kind: 'membership', id: null }]))
}

/** The free part of a locked body. */
export const freePart = (paragraphs: readonly string[], lock: Lock, free = FREE_ARTICLE_PARAGRAPHS): string[] =>
  lock.locked ? paragraphs.slice(0, free) : [...paragraphs]

/** The reader of a request as a Viewer (the session's user, or a guest). */
export async function viewerOf(c: Context, db: Db, nowMs: number): Promise<Viewer> {
  const user = await currentUser(c, db)
  return { userId: user?.id ?? null, nowSeconds: Math.floor(nowMs / 1000) }
}
