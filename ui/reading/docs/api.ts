// The reading 'docs' part's API module (design.md 'App state and the API layer'): the calls of the
// research reports, named documents, news pages and the home extras, built from the HTTP port.
// Views take them through useDocsApi().
import { ncpData, newsFilterLabels } from '../../../core/api/content'
import type { HttpPort } from '../../../core/api/http-port'
import { hotTopics } from '../../../core/api/reading-community'
import { channelBanner, documentByName, featuredHeads, freeResearchReports, homePageAds, newsFilterList, payResearchReports, recommendArticles, rssDetail, type ResearchReport } from '../../../core/api/reading-docs'
import type { NewsFilter } from '../../../core/reading/docs/news-page-url'
import { useApi } from '../../common/use-api'

/** spec 000 §7: the research report group the site shows */
const RESEARCH_GROUP = 1
export const REPORTS_PAGE_SIZE = 10
export const NEWS_PAGE_SIZE = 20
export const HOME_REPORTS = 3
export const HOME_RECOMMEND = 6
/** spec 000 §7 /api/ad/homePage?rendom: a random number so no cache answers the ad */
const AD_RANDOM_RANGE = 1000

export type ReportKind = 'free' | 'pay'

export function docsApi(http: HttpPort) {
  return {
    /** Free reports are numbered pages; paid ones continue from the last one's createTimestamp. */
    reportsPage: (kind: ReportKind, page: number, last: ResearchReport | null | undefined) =>
      kind === 'free'
        ? http.call(freeResearchReports, { params: { groupId: RESEARCH_GROUP }, query: { page, count: REPORTS_PAGE_SIZE } })
        : http.call(payResearchReports, { params: { groupId: RESEARCH_GROUP }, query: { count: REPORTS_PAGE_SIZE, ...(last ? { createTimestamp: last.createTimestamp } : {}) } }),
    report: (id: number) => http.call(rssDetail, { query: { id } }),
    document: (name: string) => http.call(documentByName, { params: { name } }),
    newsLabels: () => http.call(newsFilterLabels),
    newsPage: (page: number, { type, createDate }: NewsFilter) =>
      http.call(newsFilterList, { query: { page, count: NEWS_PAGE_SIZE, ...(type !== 'all' ? { type } : {}), ...(createDate ? { createDate } : {}) } }),
    // the home page's extras
    banners: () => http.call(channelBanner, { params: { type: 'home' } }),
    ads: () => http.call(homePageAds, { query: { rendom: Math.floor(Math.random() * AD_RANDOM_RANGE) } }),
    recommended: () => http.call(recommendArticles, { query: { count: HOME_RECOMMEND } }),
    hotTopics: () => http.call(hotTopics),
    homeReports: async (kind: ReportKind) => (await http.call(kind === 'free' ? freeResearchReports : payResearchReports, { params: { groupId: RESEARCH_GROUP }, query: { count: HOME_REPORTS } })).list,
    featuredHeads: () => http.call(featuredHeads),
    /** spec 000 §7 /api/NCP_data */
    ncp: () => http.call(ncpData),
  }
}

export const useDocsApi = () => useApi(docsApi)
