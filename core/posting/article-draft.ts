// The long-article editor's rules (spec 000 §2 post action: the editor at /articleCreate/norpub.html; §3
// rich-text tokens; §5 link, image and body rules). The body is a list of rich-text tokens: runs of text
// the reader types, with stocks, mentions, links and images placed between them. Editing keeps one text
// run between two placed tokens and at the end, so there is always somewhere to type.
import { LINK_MESSAGES, isValidLinkAddress } from '../validation/link'
import { POSTING_MESSAGES, POST_TITLE_MAX } from './limits'
import { checkTokens, tokensToPlainText, type RichToken } from './rich-text'

export interface ArticleDraftFields {
  readonly title: string
  readonly tokens: readonly RichToken[]
}

/** Adjacent text runs merged, and a text run after every placed token and at the end (possibly empty). */
export function normaliseBody(tokens: readonly RichToken[]): RichToken[] {
  const out: RichToken[] = []
  for (const t of tokens) {
    const last = out[out.length - 1]
    if (t.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + t.text }
    else out.push(t)
  }
  if (out[out.length - 1]?.type !== 'text') out.push({ type: 'text', text: '' })
  return out
}

/** The text run at `index` now reads `value` (any other index changes nothing). */
export function editText(tokens: readonly RichToken[], index: number, value: string): RichToken[] {
  return normaliseBody(tokens.map((t, i) => (i === index && t.type === 'text' ? { type: 'text', text: value } : t)))
}

/** Places a token at the end of the body (after what was typed), with a fresh text run after it. */
export function placeToken(tokens: readonly RichToken[], token: RichToken): RichToken[] {
  return normaliseBody([...tokens, token])
}

/** Takes a placed token out; the text runs either side join up. Text runs are not removed this way. */
export function removeToken(tokens: readonly RichToken[], index: number): RichToken[] {
  if (tokens[index] === undefined || tokens[index]!.type === 'text') return normaliseBody(tokens)
  return normaliseBody(tokens.filter((_, i) => i !== index))
}

/** What is sent: empty text runs dropped. */
export function bodyToSend(tokens: readonly RichToken[]): RichToken[] {
  return tokens.filter((t) => t.type !== 'text' || t.text !== '')
}

/** A draft may be saved once it has a title or a body (the server keeps what it is given). */
export function canSaveDraft(d: ArticleDraftFields): boolean {
  return d.title.trim() !== '' || tokensToPlainText(d.tokens) !== '' || d.tokens.some((t) => t.type === 'image')
}

export type ArticleCheck = { readonly ok: true } | { readonly ok: false; readonly message: string }

/** Whether the article may be published: a title, a body, every link by the link rule, the length bound. */
export function checkArticle(d: ArticleDraftFields): ArticleCheck {
  const title = d.title.trim()
  if (title === '') return { ok: false, message: POSTING_MESSAGES.emptyTitle }
  if (Array.from(title).length > POST_TITLE_MAX) return { ok: false, message: `标题不能超过${POST_TITLE_MAX}字` }
  const body = bodyToSend(d.tokens)
  if (tokensToPlainText(body) === '' && !body.some((t) => t.type === 'image')) return { ok: false, message: POSTING_MESSAGES.emptyBody }
  const tokens = checkTokens(body)
  return tokens.ok ? { ok: true } : { ok: false, message: tokens.message }
}

export type LinkDialogResult = { readonly ok: true; readonly token: RichToken } | { readonly ok: false; readonly message: string }

/** spec 000 §5 link dialog: inputs trimmed; empty address → 请填写超链接地址; the rule → 所填写超链接不合规; text defaults to the address. */
export function linkFromDialog(url: string, text: string): LinkDialogResult {
  const address = url.trim()
  if (address === '') return { ok: false, message: LINK_MESSAGES.empty }
  if (!isValidLinkAddress(address)) return { ok: false, message: LINK_MESSAGES.invalid }
  const label = text.trim()
  return { ok: true, token: { type: 'link', url: address, text: label === '' ? address : label } }
}
