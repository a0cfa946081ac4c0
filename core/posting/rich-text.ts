// Rich text as tokens (spec 000 §3: markup tokens for stock links, user mentions, portfolio links,
// hyperlinks and images). A long article's body is stored as these tokens, never as the client's
// HTML; renderTokens turns them into HTML with every text escaped, and the one sanitiser
// (RICH_TEXT_SANITISE_CONFIG, DOMPurify on both sides) is applied to the result as a second wall.
import * as Schema from 'effect/Schema'
import { Id as UserId, Text } from '../api/common'
import { isValidLinkAddress, LINK_MESSAGES } from '../validation/link'
import { ARTICLE_TOKENS_MAX, POSTING_MESSAGES, POST_CONTENT_MAX, URL_MAX } from './limits'

/** hk00700, usAAPL, sh600519 (spec 000 §5 stock code: market, then the code) */
export const StockCodeText = Schema.String.check(Schema.isPattern(/^(hk|us|sh|sz)[A-Za-z0-9.]{1,12}$/))

export const RichToken = Schema.Union([
  Schema.Struct({ type: Schema.Literal('text'), text: Text(POST_CONTENT_MAX) }),
  Schema.Struct({ type: Schema.Literal('stock'), code: StockCodeText, name: Text(40) }),
  Schema.Struct({ type: Schema.Literal('mention'), userId: UserId, nick: Text(40) }),
  Schema.Struct({ type: Schema.Literal('portfolio'), code: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,32}$/)), name: Text(40) }),
  Schema.Struct({ type: Schema.Literal('link'), url: Text(URL_MAX), text: Text(200) }),
  Schema.Struct({ type: Schema.Literal('image'), url: Text(URL_MAX) }),
])
export type RichToken = typeof RichToken.Type
export const RichTokens = Schema.Array(RichToken).check(Schema.isMaxLength(ARTICLE_TOKENS_MAX))

/**
 * Images come from our own uploads (a same-origin path) or an https address that passes the link
 * rule. No data:, javascript:, protocol-relative or other schemes.
 */
export function isAcceptedImageUrl(url: string): boolean {
  if (/^\/(?!\/)[A-Za-z0-9._~/-]{1,499}$/.test(url) && !url.includes('..')) return true
  return /^https:\/\//i.test(url) && isValidLinkAddress(url)
}

/** The href a link token gets: the address as typed, with http:// when it names no scheme. */
export function linkHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `http://${url}`
}

export type TokenCheck = { readonly ok: true; readonly tokens: RichToken[] } | { readonly ok: false; readonly message: string }

/** The server's (and the editor's) check: link rule on every link, image sources, text length. Trims link inputs. */
export function checkTokens(tokens: readonly RichToken[]): TokenCheck {
  const out: RichToken[] = []
  for (const t of tokens) {
    if (t.type === 'link') {
      const url = t.url.trim()
      if (url === '') return { ok: false, message: LINK_MESSAGES.empty }
      if (!isValidLinkAddress(url)) return { ok: false, message: LINK_MESSAGES.invalid }
      const text = t.text.trim()
      out.push({ type: 'link', url, text: text === '' ? url : text })
    } else if (t.type === 'image') {
      if (!isAcceptedImageUrl(t.url)) return { ok: false, message: POSTING_MESSAGES.badImage }
      out.push(t)
    } else out.push(t)
  }
  if (tokensToPlainText(out).length > POST_CONTENT_MAX) return { ok: false, message: POSTING_MESSAGES.contentTooLong }
  return { ok: true, tokens: out }
}

/** The text of the tokens (search, summaries, moderation): stocks as $name$, mentions as @nick. */
export function tokensToPlainText(tokens: readonly RichToken[]): string {
  return tokens
    .map((t) => {
      switch (t.type) {
        case 'text':
          return t.text
        case 'stock':
          return `$${t.name}$`
        case 'mention':
          return `@${t.nick}`
        case 'portfolio':
          return t.name
        case 'link':
          return t.text
        case 'image':
          return ''
      }
    })
    .join('')
    .trim()
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' }
export const escapeHtml = (s: string): string => s.replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c)
const textHtml = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>')

/** Tokens → HTML, every text and attribute escaped. Sanitise the result (one sanitiser) before it is shown. */
export function renderTokens(tokens: readonly RichToken[]): string {
  return tokens
    .map((t) => {
      switch (t.type) {
        case 'text':
          return textHtml(t.text)
        case 'stock':
          return `<a class="rt-stock" href="/stock/${escapeHtml(encodeURIComponent(t.code))}">$${escapeHtml(t.name)}$</a>`
        case 'mention':
          return `<a class="rt-mention" href="/user/${t.userId}">@${escapeHtml(t.nick)}</a>`
        case 'portfolio':
          return `<a class="rt-portfolio" href="/portfolio/${escapeHtml(encodeURIComponent(t.code))}">${escapeHtml(t.name)}</a>`
        case 'link':
          return `<a class="rt-link" href="${escapeHtml(linkHref(t.url))}" target="_blank" rel="nofollow noopener noreferrer">${escapeHtml(t.text)}</a>`
        case 'image':
          return `<img class="rt-image" src="${escapeHtml(t.url)}" alt="">`
      }
    })
    .join('')
}

/**
 * The one sanitiser's settings (DOMPurify), used on the server (server/posting/sanitise.ts) and in
 * the browser: only what renderTokens writes survives.
 */
export const RICH_TEXT_SANITISE_CONFIG = {
  ALLOWED_TAGS: ['a', 'img', 'br', 'p'],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'class', 'target', 'rel'],
  // DOMPurify tests every attribute value but the URI-safe ones against this: addresses must be
  // http(s) or a same-origin path (no relative, protocol-relative, javascript: or data: ones)
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|\/(?!\/))/i,
  ADD_URI_SAFE_ATTR: ['target', 'rel'],
  ALLOW_DATA_ATTR: false,
} as const
