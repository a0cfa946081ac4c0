// Routes of the reading 'docs' part (deep reports, named documents and agreements, news pages and the home extras); registered by server/reading/routes.ts.
import * as docs from '../../../core/api/reading-docs'
import type { RegisterFeature } from '../../feature'
import { route } from '../../http/route'
import { documentByName, routeAgreements } from './documents'
import { freeReports, payReports, reportDetail, RESEARCH_PAGE_SIZE } from './research'
import { NEWS_PAGE_SIZE, newsFilterList } from './news-filter'
import { localiseToHk, TEXT_FIELDS, type ContentLang } from '../../i18n/to-hk'
import { ART_KINDS, artSvg, type ArtKind } from '../../../fixtures/reading-docs/home-extras'
import { failure } from '../../http/api-error'
import { viewerOf } from '../../membership/paywall'
import { searchSubjects } from '../columns/subjects'
import * as extras from './home-extras'

/** Text fields of this part that the shared zh-hk list does not know: document blocks and report bylines. */
const DOC_TEXT_FIELDS: ReadonlySet<string> = new Set([...TEXT_FIELDS, 'text', 'institution', 'analyst', 'rating', 'advertiser', 'name', 'brief']) 
const localise = async <T>(lang: ContentLang, value: Promise<T>): Promise<T> => (lang === 'zh-hk' ? (localiseToHk(await value, DOC_TEXT_FIELDS) as T) : value)

const MAX_ART_ID = 100_000
const ART_FILE = /^(\d{1,6})\.svg$/
const ART_MESSAGE = '图片参数不正确'

export const registerReadingDocs: RegisterFeature = (app, { db, clock }) => {
  const now = () => Math.floor(clock() / 1000)
  // home extras
  route(app, docs.subChannels, ({ query, lang }) => localise(lang, extras.subChannels(db, query.type)))
  route(app, docs.channelBanner, ({ params, lang }) => localise(lang, extras.channelBanners(db, params.type)))
  route(app, docs.recommendArticles, ({ query, lang }) => extras.recommendArticles(db, query.channel, query.count ?? extras.RECOMMEND_COUNT, now(), lang))
  route(app, docs.homePageAds, ({ query, lang }) => localise(lang, extras.homePageAds(db, query.rendom)))
  route(app, docs.webAds, ({ query, lang }) => localise(lang, extras.webAds(db, query.showType)))
  route(app, docs.slotAds, ({ params, lang }) => localise(lang, extras.slotAds(db, params.id)))
  route(app, docs.featuredHeads, ({ lang }) => localise(lang, extras.allFeaturedHeads(db)))
  route(app, docs.featuredSelected, ({ query, lang }) =>
    extras.selectedContent(db, { page: query.page ?? 1, count: query.count ?? extras.SELECTED_PAGE_SIZE }, lang),
  )
  route(app, docs.featuredHead, ({ params, lang }) => localise(lang, extras.featuredHead(db, params.id, lang)))
  // generated pictures of banners, ads and featured heads; never a remote URL
  app.get('/ad-art/:kind/:file', (c) => {
    const kind = c.req.param('kind') as ArtKind
    const m = ART_FILE.exec(c.req.param('file'))
    const id = m ? Number(m[1]) : NaN
    if (!ART_KINDS.includes(kind) || !(id >= 1 && id <= MAX_ART_ID)) return c.json(failure(400, ART_MESSAGE), 400)
    return c.body(artSvg(kind, id), 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=31536000, immutable' })
  })
  // subject search (the subjects table belongs to the columns part)
  route(app, docs.subjectSearch, ({ query, lang }) =>
    localise(lang, searchSubjects(db, query.keyword, query.page ?? 1, query.count ?? docs.SUBJECT_SEARCH_PAGE_SIZE)),
  )

  route(app, docs.documentByName, ({ params, lang }) => localise(lang, documentByName(db, params.name)))
  route(app, docs.routeAgreements, ({ params, lang }) => localise(lang, routeAgreements(db, params.id)))
  route(app, docs.freeResearchReports, ({ params, query, lang }) =>
    localise(lang, freeReports(db, params.groupId, { page: query.page ?? 1, count: query.count ?? RESEARCH_PAGE_SIZE }, lang)),
  )
  route(app, docs.payResearchReports, ({ params, query, lang }) =>
    localise(lang, payReports(db, params.groupId, { before: query.createTimestamp, count: query.count ?? RESEARCH_PAGE_SIZE }, lang)),
  )
  route(app, docs.rssDetail, async ({ query, lang, c }) => localise(lang, reportDetail(db, query.id, lang, await viewerOf(c, db, clock()))))
  route(app, docs.newsFilterList, ({ query, lang }) =>
    newsFilterList(db, { page: query.page ?? 1, count: query.count ?? NEWS_PAGE_SIZE, type: query.type, createDate: query.createDate }, lang),
  )
}
