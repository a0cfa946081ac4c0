// /sitemap.xml (news, flashes, columns, subjects, stocks) and /rss.xml (RSS 2.0 of news and
// flashes), built from the database for crawlers and feed readers (issue 11). Both are bounded.
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Db } from '../db/db'
import { feedRows, sitemapRows } from './feeds-repository'
import { MicroCache } from '../http/micro-cache'
import { LANG_COOKIE, parseLang } from '../../core/locale/lang'
import { toHk, type ContentLang } from '../i18n/to-hk'
import { seoTexts } from './texts'

/** Newest items per kind in the sitemap; the whole stays far under the protocol's 50,000 URLs / 50 MB. */
export const SITEMAP_LIMITS = { news: 2000, lives: 1000, columns: 500, subjects: 500, stocks: 2000 } as const
/** Items in the RSS feed, news and flashes together, newest first. */
export const RSS_ITEMS = 50

/** XML text and attribute escaping; characters XML 1.0 forbids are dropped. */
export function escapeXml(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: they are what this strips
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!)
}

export function originOf(c: Context): string {
  const configured = process.env.SITE_ORIGIN
  if (configured && /^https?:\/\/[^/]+$/.test(configured)) return configured
  return new URL(c.req.url).origin
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

export async function sitemapXml(db: Db, origin: string): Promise<string> {
  const { news, lives, columns, subjects, stocks } = await sitemapRows(db, SITEMAP_LIMITS)
  const url = (path: string, ts?: number) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${ts !== undefined ? `<lastmod>${iso(ts)}</lastmod>` : ''}</url>`
  const entries = [
    ...['/', '/news', '/live', '/hotpost', '/column', '/subject', '/market'].map((p) => url(p)),
    ...news.map((r) => url(`/news/${r.id}`, r.ts)),
    ...lives.map((r) => url(`/live/${r.id}`, r.ts)),
    ...columns.map((r) => url(`/column/page/${r.id}`, r.ts)),
    ...subjects.map((r) => url(`/subject/${r.id}`, r.ts)),
    ...stocks.map((r) => url(`/stock/${encodeURIComponent(r.id)}`)),
  ]
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
}

export async function rssXml(db: Db, origin: string, lang: ContentLang): Promise<string> {
  const dict = seoTexts(lang)
  const local = (s: string) => (lang === 'zh-hk' ? toHk(s) : s)
  const { news, lives } = await feedRows(db, RSS_ITEMS)
  const items = [
    ...news.map((r) => ({ link: `${origin}/news/${r.id}`, title: r.title, text: r.summary, ts: r.ts, category: dict.section.news! })),
    ...lives.map((r) => ({ link: `${origin}/live/${r.id}`, title: r.title || r.content.slice(0, 40), text: r.content, ts: r.ts, category: dict.section.live! })),
  ]
    .sort((a, b) => b.ts - a.ts)
    .slice(0, RSS_ITEMS)
  const item = (i: (typeof items)[number]) =>
    `<item><title>${escapeXml(local(i.title))}</title><link>${escapeXml(i.link)}</link><guid isPermaLink="true">${escapeXml(i.link)}</guid>` +
    `<description>${escapeXml(local(i.text))}</description><category>${escapeXml(i.category)}</category><pubDate>${new Date(i.ts * 1000).toUTCString()}</pubDate></item>`
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>` +
    `<title>${escapeXml(dict.siteTitle)}</title><link>${escapeXml(origin + '/')}</link><description>${escapeXml(dict.description)}</description>` +
    `<language>${lang === 'zh-hk' ? 'zh-hk' : 'zh-cn'}</language>` +
    (items[0] ? `<lastBuildDate>${new Date(items[0].ts * 1000).toUTCString()}</lastBuildDate>` : '') +
    `\n${items.map(item).join('\n')}\n</channel></rss>\n`
  )
}

/** GET /sitemap.xml and /rss.xml, cached for a minute per origin (and script, for the feed); per process (issue 30): another process's new article is listed within the minute. */
export function registerFeeds(app: Hono, db: Db): void {
  const cache = new MicroCache<string>()
  app.get('/sitemap.xml', async (c) => {
    const origin = originOf(c)
    const xml = await cache.get(`sitemap ${origin}`, 60_000, () => sitemapXml(db, origin))
    c.header('Set-Cookie', undefined)
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' })
  })
  app.get('/rss.xml', async (c) => {
    const origin = originOf(c)
    const lang = parseLang(getCookie(c, LANG_COOKIE))
    const xml = await cache.get(`rss ${lang} ${origin}`, 60_000, () => rssXml(db, origin, lang))
    return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Cookie' })
  })
}
