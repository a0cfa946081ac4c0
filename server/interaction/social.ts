// Shares with public codes (spec 000 §7 POST /api/share/v1, v2; GET /api/share/public/{code}/v1),
// complaints, appeals and violations (spec 000 §7, 001 §7), risk tips (/api/riskTip/v1). A circle's
// moment (001 §7) is shared and complained about through server/circles/comments.ts, which applies the
// circle's access rule: its public page shows the circle's intro and the moment's title and summary only.
import { randomInt } from 'node:crypto'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type { RiskTip, Share, Violation } from '../../core/api/interaction'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { excerpt } from '../messages/messages'
import { actionablePost } from '../posting/posts'
import { listRiskTips } from './risk-tips-repository'
import { fileAppeal, findViolation, toViolation } from './violations-repository'
import { findPostState, listPostCards } from '../posting/posts-repository'
import { approvedCommentAuthor } from '../posting/comments-repository'
import { articleAuthor } from '../content/articles-repository'
import { articleSummaryQuery } from '../content/article-summary'
import { liveUserIds } from '../accounts/users-repository'
import { upsertShare, findShare } from './shares-repository'
import { fileComplaint } from './complaints-repository'
import { complainedAuthor, publicDynamic, shareableDynamic, type SharedDynamic } from '../circles/comments'

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
  /** a circle's moment: its circle (null for posts and news) */
  circle: SharedDynamic['circle'] | null
}

type Source = 'post' | 'news' | 'circleDynamic'

async function sharedPost(db: Db, id: number, now: number): Promise<Shared | null> {
  const [r] = await listPostCards(db, { where: { id, approvedAt: now }, limit: 1 })
  return r ? { title: r.title || excerpt(r.content, 40), summary: excerpt(r.content, 100), author: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar }, pictureUrls: r.picture_urls, createTimestamp: Number(r.create_timestamp), circle: null } : null
}

async function sharedNews(db: Db, id: number): Promise<Shared | null> {
  const r = await articleSummaryQuery(db).where('a.id', '=', id).executeTakeFirst()
  return r ? { title: r.title, summary: excerpt(r.summary, 100), author: { id: Number(r.author_id), nick: r.nick, avatar: r.avatar }, pictureUrls: r.cover_url ? [r.cover_url] : [], createTimestamp: Number(r.create_timestamp), circle: null } : null
}

/** A circle's moment: no pictures (they are the paid body as much as the text is). */
const fromCircle = (d: SharedDynamic | null): Shared | null => (d ? { ...d, pictureUrls: [] } : null)

const linkOf = (source: Source, id: number) => (source === 'post' ? `/p/${id}` : source === 'news' ? `/news/${id}` : `/chiefCircle/comment/${id}`)

/** A share code for approved content (the reader's own under review: 403 内容审核中); one code per reader and item. */
export async function createShare(db: Db, readerId: number, source: Source, id: number, now: number): Promise<Share> {
  if (source === 'post') await actionablePost(db, id, readerId)
  // a circle's moment: the reader must see it in its circle (server/circles/comments.ts throws the circle's refusal)
  const shared = source === 'post' ? await sharedPost(db, id, now) : source === 'news' ? await sharedNews(db, id) : fromCircle(await shareableDynamic(db, now * 1000, readerId, id))
  if (!shared) throw notFound(source === 'post' ? M.postNotFound : M.newsNotFound)
  // one statement: two shares of one item at the same moment both answer the one code
  const code = await upsertShare(db, { code: newShareCode(), user_id: readerId, source, ref_id: id, create_timestamp: now })
  return { code, url: linkOf(source, id), title: shared.title, summary: shared.summary }
}

export async function publicShare(db: Db, code: string, now: number) {
  const row = await findShare(db, code)
  if (!row) throw notFound(SOCIAL_MESSAGES.shareNotFound)
  const id = Number(row.ref_id)
  const shared = row.source === 'post' ? await sharedPost(db, id, now) : row.source === 'news' ? await sharedNews(db, id) : fromCircle(await publicDynamic(db, now * 1000, id))
  if (!shared) throw notFound(SOCIAL_MESSAGES.shareNotFound)
  return { code, url: linkOf(row.source, id), source: row.source, id, ...shared }
}

/** Who wrote what is complained about, or null when it is not there for the reader. */
type ComplainType = 'post' | 'comment' | 'news' | 'user' | 'circleDynamic' | 'circleComment'

async function ownerOf(db: Db, type: ComplainType, readerId: number, id: number, now: number): Promise<number | null> {
  // a circle's moment or comment: only one the reader sees in its circle can be complained about
  if (type === 'circleDynamic' || type === 'circleComment') return complainedAuthor(db, now * 1000, readerId, type, id)
  const owner =
    type === 'post'
      ? (await findPostState(db, { id, approvedAt: now }))?.user_id
      : type === 'comment'
        ? await approvedCommentAuthor(db, id, now)
        : type === 'news'
          ? await articleAuthor(db, id)
          : (await liveUserIds(db, [id]))[0]
  return owner === undefined ? null : Number(owner)
}

/** A complaint: once per reader and target (again answers the same id); never about oneself. */
export async function complain(db: Db, readerId: number, type: ComplainType, body: { id: number; reason: string; content?: string | undefined }, now: number) {
  const owner = await ownerOf(db, type, readerId, body.id, now)
  if (owner === null) throw notFound(SOCIAL_MESSAGES.targetNotFound)
  if (owner === readerId) throw new ApiError(400, SOCIAL_MESSAGES.ownContent)
  const id = await fileComplaint(db, { user_id: readerId, target_type: type, target_id: body.id, reason: body.reason, content: (body.content ?? '').trim(), create_timestamp: now })
  return { id }
}


/** The reader's own violation; anyone else's does not exist for them. */
export async function violationDetail(db: Db, readerId: number, id: number): Promise<Violation> {
  const r = await findViolation(db, readerId, { id })
  if (!r) throw notFound(SOCIAL_MESSAGES.violationNotFound)
  return toViolation(r)
}

export async function violationOf(db: Db, readerId: number, source: Violation['source'], refId: number): Promise<Violation | null> {
  const r = await findViolation(db, readerId, { source, refId })
  return r ? toViolation(r) : null
}

/** The author appeals a violation once; it waits for a reviewer. */
export async function appeal(db: Db, readerId: number, violationId: number, content: string): Promise<Violation> {
  await violationDetail(db, readerId, violationId)
  if (content.trim() === '') throw new ApiError(400, SOCIAL_MESSAGES.emptyAppeal)
  const r = await fileAppeal(db, readerId, violationId, content.trim())
  if (!r) throw new ApiError(400, SOCIAL_MESSAGES.appealed)
  return toViolation(r)
}

export async function riskTips(db: Db): Promise<RiskTip[]> {
  return (await listRiskTips(db)).map((r) => ({ id: Number(r.id), name: r.name, summary: r.summary }))
}
