// The post box of a financial circle (spec 001 §3 'Comment or post draft', §5 'Posting in circles', §8,
// §9): its draft, what may be attached, when it may be sent and the body of PUT /api/review/v1. Pure:
// the machine (circle-post-box.machine.ts) and the view use them; the server applies the same bounds
// through the contract (core/api/circles.ts) and core/circles/limits.ts.
import { canSubmitPost } from '../validation/post-body'
import { checkFileSelection, checkImageSelection, extensionOf, type UploadCheck, type UploadDescriptor } from '../validation/upload'
import { REF_CONTENTS_MAX } from './limits'
import { MOMENT_IMAGES_MAX as CIRCLE_IMAGES_MAX, MOMENT_TAGS_MAX as CIRCLE_TAGS_MAX, MOMENT_TITLE_MAX as CIRCLE_TITLE_MAX } from '../circles/limits'
import { textToPostHtml, type StockRef, type TopicChoice } from './discussion'
import { doneUploads, uploadsSettled, type DraftUpload, type UploadKind } from './draft-uploads'

/** spec 001 §9: the post box is 100 px high, 45 px collapsed */
export const POST_BOX_HEIGHT_PX = 100
export const POST_BOX_COLLAPSED_PX = 45
/** spec 001 §9: the risk modal is 480 px wide */
export const RISK_MODAL_WIDTH = 480
/** a moment's title, the images and the tags one moment takes: the bounds the server applies (core/circles/limits.ts) */
export { MOMENT_TITLE_MAX as CIRCLE_TITLE_MAX, MOMENT_IMAGES_MAX as CIRCLE_IMAGES_MAX, MOMENT_TAGS_MAX as CIRCLE_TAGS_MAX } from '../circles/limits'

export type AttachmentKind = UploadKind
/** One picked image or file: its upload's progress, then what the server stored. */
export type Attachment = DraftUpload

/** A portfolio referenced by the moment (spec 001 §3 refContents: portfolio codes). */
export interface PortfolioRef {
  readonly code: string
  readonly name: string
}

/** What the draft is: a moment, a question to the owner (questionType), the owner's answer to one, or a comment under a moment (replyId). */
export type DraftKind =
  | { readonly kind: 'moment' }
  | { readonly kind: 'question' }
  | { readonly kind: 'answer'; readonly replyId: number }
  | { readonly kind: 'comment'; readonly replyId: number }

export type QuestionType = 'anonymity' | 'public'

export interface CircleDraft {
  readonly title: string
  /** what the reader typed: plain text with line breaks */
  readonly body: string
  readonly topic: TopicChoice | null
  readonly tagIds: readonly number[]
  readonly stocks: readonly StockRef[]
  readonly portfolios: readonly PortfolioRef[]
  readonly attachments: readonly Attachment[]
  readonly questionType: QuestionType
}

export const EMPTY_DRAFT: CircleDraft = { title: '', body: '', topic: null, tagIds: [], stocks: [], portfolios: [], attachments: [], questionType: 'public' }

const count = (d: Pick<CircleDraft, 'attachments'>, kind: AttachmentKind) => d.attachments.filter((a) => a.kind === kind).length
export const attached = (d: Pick<CircleDraft, 'attachments'>) => ({ images: count(d, 'image'), files: count(d, 'file') })
const doneOf = (d: Pick<CircleDraft, 'attachments'>, kind: AttachmentKind) => doneUploads(d.attachments, kind)

/**
 * spec 001 §5: images jpg, jpeg, png, gif of at most 3,000,000 bytes, at most the circle's limit; files of
 * the accepted types, at most 10; never both (不能同时上传图片和文件). All or nothing per pick.
 */
export function checkAttachments(kind: AttachmentKind, selected: readonly UploadDescriptor[], d: Pick<CircleDraft, 'attachments'>): UploadCheck {
  return kind === 'image' ? checkImageSelection(selected, attached(d), CIRCLE_IMAGES_MAX) : checkFileSelection(selected, attached(d))
}

/**
 * spec 001 §5 'Comment submit enabled only with text, a file, a picture or a shared item': never while
 * something uploads or failed (remove it first), never with a title past its bound. A question and an
 * answer need their text.
 */
export function canSendCircleDraft(d: CircleDraft, what: DraftKind): boolean {
  if (!uploadsSettled(d.attachments)) return false
  if (Array.from(d.title).length > CIRCLE_TITLE_MAX) return false
  const body = textToPostHtml(d.body)
  if (what.kind !== 'moment') return d.body.trim() !== ''
  return canSubmitPost({ body, files: doneOf(d, 'file').length, pictures: doneOf(d, 'image').length, shared: false })
}

/** A reference is added once; stocks and portfolios together at most REF_CONTENTS_MAX. */
export function addRef<T extends { readonly code: string }>(list: readonly T[], item: T, others: number): readonly T[] {
  if (list.some((x) => x.code === item.code) || list.length + others >= REF_CONTENTS_MAX) return list
  return [...list, item]
}

/** A tag is chosen or unchosen; at most CIRCLE_TAGS_MAX. */
export function toggleTag(tagIds: readonly number[], tagId: number): readonly number[] {
  if (tagIds.includes(tagId)) return tagIds.filter((t) => t !== tagId)
  return tagIds.length >= CIRCLE_TAGS_MAX ? tagIds : [...tagIds, tagId]
}

/** The body of PUT /api/review/v1 (spec 001 §3 Comment or post draft) for the circle `momentId`. */
export function circleDraftBody(d: CircleDraft, momentId: number, what: DraftKind, riskTipId: number | null) {
  const title = d.title.trim()
  const base = { momentId, content: textToPostHtml(d.body.trim()), riskTipId }
  if (what.kind === 'question') return { ...base, questionType: d.questionType }
  if (what.kind === 'answer' || what.kind === 'comment') return { ...base, replyId: what.replyId }
  return {
    ...base,
    ...(title ? { title } : {}),
    topic: d.topic,
    momentTags: [...d.tagIds],
    pictureUrls: doneOf(d, 'image').map((a) => a.url!),
    files: doneOf(d, 'file').map((a) => ({ url: a.url!, name: a.name, extension: extensionOf(a.name) })),
    refContents: [...d.stocks.map((s) => s.code), ...d.portfolios.map((p) => p.code)],
  }
}
export type CircleDraftBody = ReturnType<typeof circleDraftBody>
