// The texts of the server's own <head>, sitemap and feed (server code may not import ui/): the same
// words as the client's dictionary (ui/i18n/zh-cn.ts 'site', 'nav', 'news.pageTitle'); zh-hk by OpenCC.
import { toHk, type ContentLang } from '../i18n/to-hk'

const ZH_CN = {
  siteName: '港美汇',
  siteTitle: '港美汇 - 港股美股资讯与投资者社区',
  slogan: '港股美股资讯与投资者社区',
  description: '港美汇：港股、美股新闻资讯、7×24 快讯、行情数据与投资者社区',
  /** '<page> - 港美汇' (ui: news.pageTitle) */
  titleSuffix: ' - 港美汇',
  section: { news: '新闻', live: '快讯', hotpost: '热帖', column: '专栏', subject: '专题', market: '行情', depthRss: '深度' } as Record<string, string>,
}
export type SeoTexts = typeof ZH_CN

// Built on first zh-hk use: toHk loads OpenCC's phrase tables (~40 MB of heap), which a server whose
// readers all read zh-cn never needs (issue 11: memory after start; module import must not build them).
let zhHk: SeoTexts | null = null
const buildZhHk = (): SeoTexts => ({
  siteName: toHk(ZH_CN.siteName),
  siteTitle: toHk(ZH_CN.siteTitle),
  slogan: toHk(ZH_CN.slogan),
  description: toHk(ZH_CN.description),
  titleSuffix: toHk(ZH_CN.titleSuffix),
  section: Object.fromEntries(Object.entries(ZH_CN.section).map(([k, v]) => [k, toHk(v)])),
})

export const seoTexts = (lang: ContentLang): SeoTexts => (lang === 'zh-hk' ? (zhHk ??= buildZhHk()) : ZH_CN)
