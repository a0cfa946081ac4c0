// Shares with public codes (spec 000 §7 POST /api/share/v1, v2; GET /api/share/public/{code}/v1),
// complaints, appeals and violations (spec 000 §7, 001 §7), risk tips (/api/riskTip/v1).
import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type { RiskTip, Share, Violation } from '../../core/api/interaction'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { excerpt } from '../messages/messages'
import { actionablePost } from '../posting/posts'
import { listRiskTips } from './risk-tips-repository'
import { approvedNow } from '../posting/visibility'

export const SOCIAL_MESSAGES = {
  shareNotFound: '分享内容不存在',
  ownContent: '不能举报自己',
  targetNotFound: '举报的内容不存在',
  violationNotFound: '违规记录不存在',
  appealed: '已提交过申诉，请耐心等待处理',
  emptyAppeal: '请填写申诉理由',
} as const

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
/** 12 characters of a 57-letter alphabet: about 70 bits, not guessable. */
export const newShareCode = (): string => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

interface Shared {
  title: string
  summary: string
  author: { id: number; nick: string; avatar: string }
  pictureUrls: string[]
  createTimestamp: number
}

async function sharedPost(db: Db, id: number, now: number): Promise<Shared | null> {
  const r = (
    await sql<{ title: string; content: string; user_id: number; nick: string; avatar: string; picture_urls: string[]; create_timestamp: number }>`SELECT p.title, p.content, p.user_id,
      u.nick, u.avatar, p.picture_urls, p.create_timestamp FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ${id} AND ${approvedNow('p', now)}`.execute(db.kysely)
  ).rows[0]
  return r ? { title: r.title || excerpt(r.content, 40), summary: excerpt(r.content, 100), author: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar }, pictureUrls: r.picture_urls, createTimestamp: Number(r.create_timestamp) } : null
}

async function sharedNews(db: Db, id: number): Promise<Shared | null> {
  const r = (
    await sql<{ title: string; summary: string; author_id: number; nick: string; avatar: string; cover_url: string; create_timestamp: number }>`SELECT a.title, a.summary, a.author_id,
      u.nick, u.avatar, a.cover_url, a.create_timestamp FROM articles a JOIN users u ON u.id = a.author_id WHERE a.id = ${id}`.execute(db.kysely)
  ).rows[0]
  return r ? { title: r.title, summary: excerpt(r.summary, 100), author: { id: Number(r.author_id), nick: r.nick, avatar: r.avatar }, pictureUrls: r.cover_url ? [r.cover_url] : [], createTimestamp: Number(r.create_timestamp) } : null
}

const linkOf = (source: 'post' | 'news', id: number) => (source === 'post' ? `/p/${id}` : `/news/${id}`)

/** A share code for approved content (the reader's own under review: 403 内容审核中); one code per reader and item. */
export async function createShare(db: Db, readerId: number, source: 'post' | 'news', id: number, now: number): Promise<Share> {
  if (source === 'post') await actionablePost(db, id, readerId)
  const shared = source === 'post' ? await sharedPost(db, id, now) : await sharedNews(db, id)
  if (!shared) throw notFound(source === 'post' ? M.postNotFound : M.newsNotFound)
  // one statement, so two shares of one item at the same moment both answer the one code (a select
  // then an insert let the second hit the unique key: a 500); the no-op update makes RETURNING answer
  // the existing row
  const code = (
    await sql<{ code: string }>`INSERT INTO shares (code, user_id, source, ref_id, create_timestamp) VALUES (${newShareCode()}, ${readerId}, ${source}, ${id}, ${now})
      ON CONFLICT (user_id, source, ref_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING code`.execute(db.kysely)
  ).rows[0]!.code
  return { code, url: linkOf(source, id), title: shared.title, summary: shared.summary }
}

export async function publicShare(db: Db, code: string, now: number) {
  const row = (await sql<{ source: 'post' | 'news'; ref_id: number }>`SELECT source, ref_id FROM shares WHERE code = ${code}`.execute(db.kysely)).rows[0]
  if (!row) throw notFound(SOCIAL_MESSAGES.shareNotFound)
  const id = Number(row.ref_id)
  const shared = row.source === 'post' ? await sharedPost(db, id, now) : await sharedNews(db, id)
  if (!shared) throw notFound(SOCIAL_MESSAGES.shareNotFound)
  return { code, url: linkOf(row.source, id), source: row.source, id, ...shared }
}

/** Who wrote what is complained about, or null when it is not there for the reader. */
async function ownerOf(db: Db, type: 'post' | 'comment' | 'news' | 'user', id: number, now: number): Promise<number | null> {
  const q =
    type === 'post'
      ? sql<{ owner: number }>`SELECT p.user_id AS owner FROM posts p WHERE p.id = ${id} AND ${approvedNow('p', now)}`
      : type === 'comment'
        ? sql<{ owner: number }>`SELECT c.user_id AS owner FROM comments c WHERE c.id = ${id} AND ${approvedNow('c', now)}`
        : type === 'news'
          ? sql<{ owner: number }>`SELECT author_id AS owner FROM articles WHERE id = ${id}`
          : sql<{ owner: number }>`SELECT id AS owner FROM users WHERE id = ${id} AND merged_into IS NULL`
  const r = (await q.execute(db.kysely)).rows[0]
  return r ? Number(r.owner) : null
}

/** A complaint: once per reader and target (again answers the same id); never about oneself. */
export async function complain(db: Db, readerId: number, type: 'post' | 'comment' | 'news' | 'user', body: { id: number; reason: string; content?: string | undefined }, now: number) {
  const owner = await ownerOf(db, type, body.id, now)
  if (owner === null) throw notFound(SOCIAL_MESSAGES.targetNotFound)
  if (owner === readerId) throw new ApiError(400, SOCIAL_MESSAGES.ownContent)
  await sql`INSERT INTO complaints (user_id, target_type, target_id, reason, content, create_timestamp)
    VALUES (${readerId}, ${type}, ${body.id}, ${body.reason}, ${(body.content ?? '').trim()}, ${now}) ON CONFLICT (user_id, target_type, target_id) DO NOTHING`.execute(db.kysely)
  const row = (await sql<{ id: number }>`SELECT id FROM complaints WHERE user_id = ${readerId} AND target_type = ${type} AND target_id = ${body.id}`.execute(db.kysely)).rows[0]!
  return { id: Number(row.id) }
}

interface ViolationRow {
  id: number
  user_id: number
  source: 'post' | 'comment'
  ref_id: number
  subject: string
  reason: string
  appeal_status: Violation['appealStatus']
  create_timestamp: number
}
const toViolation = (r: ViolationRow): Violation => ({
  id: Number(r.id),
  source: r.source,
  refId: Number(r.ref_id),
  subject: r.subject,
  reason: r.reason,
  appealStatus: r.appeal_status,
  createTimestamp: Number(r.create_timestamp),
})

/** The reader's own violation; anyone else's does not exist for them. */
export async function violationDetail(db: Db, readerId: number, id: number): Promise<Violation> {
  const r = (await sql<ViolationRow>`SELECT * FROM violations WHERE id = ${id} AND user_id = ${readerId}`.execute(db.kysely)).rows[0]
  if (!r) throw notFound(SOCIAL_MESSAGES.violationNotFound)
  return toViolation(r)
}

export async function violationOf(db: Db, readerId: number, source: 'post' | 'comment', refId: number): Promise<Violation | null> {
  const r = (await sql<ViolationRow>`SELECT * FROM violations WHERE source = ${source} AND ref_id = ${refId} AND user_id = ${readerId}`.execute(db.kysely)).rows[0]
  return r ? toViolation(r) : null
}

/** The author appeals a violation once; it waits for a reviewer. */
export async function appeal(db: Db, readerId: number, violationId: number, content: string): Promise<Violation> {
  await violationDetail(db, readerId, violationId)
  if (content.trim() === '') throw new ApiError(400, SOCIAL_MESSAGES.emptyAppeal)
  const r = (
    await sql<ViolationRow>`UPDATE violations SET appeal_status = 'pending', appeal_content = ${content.trim()}
      WHERE id = ${violationId} AND user_id = ${readerId} AND appeal_status = 'none' RETURNING *`.execute(db.kysely)
  ).rows[0]
  if (!r) throw new ApiError(400, SOCIAL_MESSAGES.appealed)
  return toViolation(r)
}

export async function riskTips(db: Db): Promise<RiskTip[]> {
  return (await listRiskTips(db)).map((r) => ({ id: Number(r.id), name: r.name, summary: r.summary }))
}
