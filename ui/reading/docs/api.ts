// The reading 'docs' part's API module (design.md 'App state and the API layer'): the calls of the
// research reports, named documents, news pages and the home extras, built from the HTTP port.
// Views take them through useDocsApi().
import { ncpData, newsFilterLabels } from '../../../core/api/content'
import type { HttpPort } from '../../../core/api/http-port'
import { hotTopics } from '../../../core/api/reading-community'
import { channelBanner, documentByName, featuredHeads, freeResearchReports, homePageAds, newsFilterList, payResearchReports, recommendArticles, rssDetail, type ResearchReport } from '../../../core/api/reading-docs'
import type { NewsFilter } from '../../../core/reading/docs/news-page-url'
import { useApi } from '../../common/use-api'
import { endpointRead, type Read } from '../../common/use-read'
import type { ResultOf } from '../../../core/api/endpoint'

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
    // reads (ui/common/use-read.ts): keyed by endpoint and input
    report: (id: number) => endpointRead(http, rssDetail, { query: { id } }),
    document: (name: string) => endpointRead(http, documentByName, { params: { name } }),
    newsLabels: () => endpointRead(http, newsFilterLabels),
    newsPage: (page: number, { type, createDate }: NewsFilter) =>
      endpointRead(http, newsFilterList, { query: { page, count: NEWS_PAGE_SIZE, ...(type !== 'all' ? { type } : {}), ...(createDate ? { createDate } : {}) } }),
    // the home page's extras
    banners: () => endpointRead(http, channelBanner, { params: { type: 'home' } }),
    /** keyed without its random number (which only keeps caches between us and the server from answering) */
    ads: (): Read<ResultOf<typeof homePageAds>> => ({
      key: { endpoint: homePageAds.name },
      load: (signal) => http.call(homePageAds, { query: { rendom: Math.floor(Math.random() * AD_RANDOM_RANGE) } }, { signal }),
    }),
    recommended: () => endpointRead(http, recommendArticles, { query: { count: HOME_RECOMMEND } }),
    hotTopics: () => endpointRead(http, hotTopics),
    homeReports: (kind: ReportKind): Read<readonly ResearchReport[]> => {
      const read = endpointRead(http, kind === 'free' ? freeResearchReports : payResearchReports, { params: { groupId: RESEARCH_GROUP }, query: { count: HOME_REPORTS } })
      return { key: { ...read.key, as: 'list' }, load: async (signal) => (await read.load(signal)).list }
    },
    featuredHeads: () => endpointRead(http, featuredHeads),
    /** spec 000 §7 /api/NCP_data */
    ncp: () => endpointRead(http, ncpData),
  }
}

export const useDocsApi = () => useApi(docsApi)
