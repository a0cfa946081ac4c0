// The discussion dialog's rules (spec 000 §2 post action, §4 submit rule, §5 upload/post rules,
// §8 answers, §9 sizes). Pure: the machine (discussion-dialog.machine.ts) and the view use them.
import { canSubmitPost } from '../validation/post-body'
import { checkImageSelection, type UploadCheck, type UploadDescriptor } from '../validation/upload'
import { escapeHtml } from './rich-text'
import { doneUploads, uploadsSettled, type DraftUpload } from './draft-uploads'
import { POST_IMAGE_MAX, POST_TITLE_MAX, REF_CONTENTS_MAX } from './limits'

/** spec 000 §9: dialog width 692 px */
export const DISCUSSION_DIALOG_WIDTH = 692
/** spec 000 §8: status 200 shows this (HTML: two lines) */
export const PUBLISHED_TEXT = '已发布<br>内容审核中'
/** spec 000 §8: the dialog that shows the server's message */
export const NOTICE_TITLE = '温馨提示'

/** One picked image: its upload's progress, then the address the server gave it. */
export type DraftImage = DraftUpload

export interface StockRef {
  readonly code: string
  readonly name: string
}

export interface TopicChoice {
  readonly topicId: number
  readonly topicName: string
}

export interface DiscussionDraft {
  readonly title: string
  /** what the reader typed: plain text with line breaks */
  readonly body: string
  readonly topic: TopicChoice | null
  readonly stocks: readonly StockRef[]
  readonly images: readonly DraftImage[]
}

/** Plain text → the HTML the endpoint takes (000 §5: the server strips it to text, keeping line breaks). */
export function textToPostHtml(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => escapeHtml(line))
    .join('<br>')
}

export const uploadedUrls = (d: Pick<DiscussionDraft, 'images'>): string[] => doneUploads(d.images, 'image').map((i) => i.url!)

/**
 * spec 000 §4: submit only with text or a picture (the dialog attaches no files and shares
 * nothing); never while an image is still uploading or one failed (remove it first), never with a
 * title past its bound.
 */
export function canSendDiscussion(d: DiscussionDraft): boolean {
  if (!uploadsSettled(d.images)) return false
  if (Array.from(d.title).length > POST_TITLE_MAX) return false
  return canSubmitPost({ body: textToPostHtml(d.body), files: 0, pictures: uploadedUrls(d).length, shared: false })
}

/** spec 000 §5 / §9: at most 9 images in the dialog; the other image rules of core/validation/upload. */
export function checkDialogImages(selected: readonly UploadDescriptor[], d: Pick<DiscussionDraft, 'images'>): UploadCheck {
  return checkImageSelection(selected, { images: d.images.length, files: 0 }, POST_IMAGE_MAX)
}

/** A stock is referenced once; at most REF_CONTENTS_MAX references. */
export function addStock(stocks: readonly StockRef[], stock: StockRef): readonly StockRef[] {
  if (stocks.some((s) => s.code === stock.code) || stocks.length >= REF_CONTENTS_MAX) return stocks
  return [...stocks, stock]
}

/** The body of POST /api/community/dynamic/v3 (spec 000 §3 Discussion post). */
export function publishBody(d: DiscussionDraft, riskTipId: number | null) {
  const title = d.title.trim()
  return {
    ...(title ? { title } : {}),
    topicId: d.topic?.topicId ?? null,
    content: textToPostHtml(d.body.trim()),
    pictureUrls: uploadedUrls(d),
    refContents: d.stocks.map((s) => s.code),
    riskTipId,
  }
}
