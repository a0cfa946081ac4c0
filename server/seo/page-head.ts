// Per-page <head> of the HTML the server sends (issue 11): title, description, canonical URL, Open
// Graph tags and <html lang>, so a shared link or a crawler that runs no JavaScript sees the page.
// Texts in the reader's script (server/seo/texts.ts).
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { articleDetail } from '../content/articles'
import { liveDetail } from '../content/lives'
import { stockNames } from '../content/stocks'
import { columnDetail } from '../reading/columns/columns'
import { subjectDetail } from '../reading/columns/subjects'
import { toHk, type ContentLang } from '../i18n/to-hk'
import { htmlLang } from '../../core/locale/lang'
import { seoTexts } from './texts'

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** Open Graph and search snippets are short; a description is cut at this many characters. */
export const DESCRIPTION_MAX = 120

export interface PageHead {
  title: string
  description: string
  /** absolute URL of the page without query (the canonical address) */
  canonical: string
  /** absolute URL of a picture for link previews, when the page has one */
  image?: string
  type: 'website' | 'article'
  /** the value of <html lang> */
  lang: string
}

const clip = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim()
  return flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1)}…` : flat
}

const ID = /^\d{1,12}$/

/** The head for a client route; unknown or missing items fall back to the site's own head. */
export async function pageHead(db: Db, path: string, lang: ContentLang, origin: string): Promise<PageHead> {
  const dict = seoTexts(lang)
  const local = (s: string) => (lang === 'zh-hk' ? toHk(s) : s)
  const named = (name: string) => name + dict.titleSuffix
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
  const head: PageHead = {
    title: dict.siteTitle,
    description: dict.description,
    canonical: origin + encodeURI(decodeSafe(clean)),
    type: 'website',
    lang: htmlLang(lang),
  }
  const abs = (url: string) => (/^https?:\/\//.test(url) ? url : origin + (url.startsWith('/') ? url : `/${url}`))
  const [, first, second, third] = clean.split('/')
  try {
    if (first === 'news' && second && ID.test(second) && !third) {
      const a = await articleDetail(db, Number(second), lang)
      // a VIP article's description is its summary, which a guest may read
      return { ...head, title: named(local(a.title)), description: clip(local(a.summary || a.title)), image: abs(a.coverUrl), type: 'article' }
    }
    if (first === 'live' && second && ID.test(second) && !third) {
      const { flash } = await liveDetail(db, Number(second), lang)
      return { ...head, title: named(local(flash.title || clip(flash.content))), description: clip(local(flash.content)), type: 'article' }
    }
    if (first === 'stock' && second && /^[a-z]{2}[A-Za-z0-9.]{1,12}$/.test(second) && !third) {
      const name = (await stockNames(db, [second], lang)).get(second)
      if (name) return { ...head, title: named(`${name} (${second.slice(2).toUpperCase()})`), description: clip(`${name} ${dict.slogan}`) }
      return head
    }
    if ((first === 'column' && second === 'page' && third && ID.test(third)) || (first === 'album' && second && ID.test(second))) {
      const col = await columnDetail(db, Number(third ?? second))
      return { ...head, title: named(local(col.name)), description: clip(local(col.brief || col.name)), image: abs(col.coverUrl) }
    }
    if (first === 'subject' && second && ID.test(second) && !third) {
      const s = await subjectDetail(db, Number(second))
      return { ...head, title: named(local(s.title)), description: clip(local(s.brief || s.title)), image: abs(s.coverUrl) }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error // not found: the page shows its own message
    return head
  }
  const section = first && !second ? dict.section[first] : undefined
  if (section) return { ...head, title: named(section) }
  return head
}

function decodeSafe(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return '/'
  }
}

/** The tags that go before </head>. */
export function headTags(h: PageHead): string {
  const e = escapeHtml
  const hk = h.lang === 'zh-HK'
  const og = hk ? 'zh_HK' : 'zh_CN'
  const site = seoTexts(hk ? 'zh-hk' : 'zh-cn').siteName
  return [
    `<link rel="canonical" href="${e(h.canonical)}">`,
    `<meta property="og:site_name" content="${e(site)}">`,
    `<meta property="og:type" content="${h.type}">`,
    `<meta property="og:title" content="${e(h.title)}">`,
    `<meta property="og:description" content="${e(h.description)}">`,
    `<meta property="og:url" content="${e(h.canonical)}">`,
    `<meta property="og:locale" content="${og}">`,
    ...(h.image ? [`<meta property="og:image" content="${e(h.image)}">`, `<meta name="twitter:card" content="summary_large_image">`] : []),
    `<link rel="alternate" type="application/rss+xml" title="${e(site)}" href="/rss.xml">`,
  ].join('')
}

/** index.html with this page's lang, title, description and tags. */
export function applyHead(html: string, h: PageHead): string {
  return html
    // replacer functions: a title with `$&` in it is text, not a pattern
    .replace(/<html lang="[^"]*"/, () => `<html lang="${h.lang}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(h.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(h.description)}" />`)
    .replace('</head>', () => `${headTags(h)}</head>`)
}
