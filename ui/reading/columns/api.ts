// The columns feature's API module: the calls its views and machines make, built from the HTTP
// port (design.md 'App state and the API layer'). Views take them through useColumnsApi().
// First pages go through the calls of core/api/first-screen.ts (their answers come inlined on a
// server-rendered page).
import type { HttpPort } from '../../../core/api/http-port'
import {
  columnArticles,
  columnDetail,
  columnHot,
  columnists,
  columnRecommend,
  columnSelected,
  followedSubjects,
  followSubject,
  hotspotContents,
  popularHotspots,
  subjectContents,
  subjectDetail,
  subjectFollowStatus,
  subjectList,
  unfollowSubject,
} from '../../../core/api/reading-columns'
import { firstCalls } from '../../../core/api/first-screen'
import type { Endpoint } from '../../../core/api/endpoint'
import type { ArticleSummary } from '../../../core/api/content'
import type { Column, ColumnArticle, Columnist, Subject, ThemeItem } from '../../../core/api/reading-columns'
import type { FirstCall } from '../../../core/api/first-screen'
import { endpointRead, lazyRead, numberedPages, type PageAnswer, type PageAt, type PagedRead, type Read } from '../../common/use-read'
import { useApi } from '../../common/use-api'

const themeKey = (item: ThemeItem) => (item.kind === 'article' ? `a${item.article.id}` : `f${item.flash.id}`)

export function columnsApi(http: HttpPort) {
  /** a page-numbered list whose every page is a call of core/api/first-screen.ts (the first one inlined) */
  const firstPages = <E extends Endpoint, T>(endpoint: E, call: (page: number) => FirstCall, keyOf: (item: T) => string | number): PagedRead<T> => ({
    key: call(1),
    keyOf,
    loadPage: ({ page }, signal) => lazyRead(http, async () => endpoint, call(page)).load(signal) as Promise<PageAnswer<T>>,
  })
  return {
    /** whether the reader follows the subject (keyed by reader: use with forReader) */
    subjectFollowed: (subjectId: number): Read<boolean> => ({
      key: { endpoint: subjectFollowStatus.name, query: { subjectIds: String(subjectId) }, as: 'followed' },
      load: async (signal) => (await http.call(subjectFollowStatus, { query: { subjectIds: String(subjectId) } }, { signal }))[0]?.followed === true,
    }),
    /** the toggle's save: the server answers the new state and the subject's follower count */
    followSubject: async (subjectId: number, on: boolean) => {
      const answer = on ? await http.call(followSubject, { body: { subjectId } }) : await http.call(unfollowSubject, { query: { subjectId } })
      return { on: answer.followed, followCount: answer.followCount }
    },
    columns: (tab: 'recommend' | 'hot') => firstPages(tab === 'hot' ? columnHot : columnRecommend, (page) => firstCalls.columns(tab, page), (c: Column) => c.id),
    selectedArticles: () => numberedPages(http, columnSelected, (page) => ({ query: { page, count: 20, version: '2' as const } }), (a: ColumnArticle) => a.id),
    columnists: () => firstPages(columnists, (page) => firstCalls.columnists(page), (c: Columnist) => c.id),
    column: (id: number) => lazyRead(http, async () => columnDetail, firstCalls.column(id)),
    columnArticles: (id: number, album: boolean) => firstPages(columnArticles, (page) => firstCalls.columnArticles(id, album, page), (a: ArticleSummary) => a.id),
    subjects: () => firstPages(subjectList, (page) => firstCalls.subjects(page), (x: Subject) => x.id),
    followedSubjects: () => endpointRead(http, followedSubjects, { query: { page: 1, limit: 8 } }),
    subject: (id: number) => lazyRead(http, async () => subjectDetail, firstCalls.subject(id)),
    /** a subject's contents, all or 精选 (isChoice), older than the last shown */
    subjectContents: (id: number, choice: boolean): PagedRead<ThemeItem> => ({
      key: firstCalls.subjectContents(id, choice),
      keyOf: themeKey,
      loadPage: ({ last }, signal) => lazyRead(http, async () => subjectContents, firstCalls.subjectContents(id, choice, last?.createTimestamp)).load(signal),
    }),
    popularHotspots: () => endpointRead(http, popularHotspots, { query: { page: 1 } }),
    /** a hotspot's contents, older than the last shown; the first page's answer carries the hotspot itself */
    hotspotContents: (id: number) => ({
      key: endpointRead(http, hotspotContents, { params: { id }, query: { count: 20 } }).key,
      keyOf: themeKey,
      loadPage: ({ last }: PageAt<ThemeItem>, signal: AbortSignal) =>
        http.call(hotspotContents, { params: { id }, query: { count: 20, ...(last ? { timestamp: last.createTimestamp } : {}) } }, { signal }),
    }),
  }
}

export const useColumnsApi = () => useApi(columnsApi)
