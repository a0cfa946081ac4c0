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
import { callFirst } from '../../common/first-call'
import { useApi } from '../../common/use-api'

export function columnsApi(http: HttpPort) {
  return {
    isSubjectFollowed: async (subjectId: number) => (await http.call(subjectFollowStatus, { query: { subjectIds: String(subjectId) } }))[0]?.followed === true,
    /** the toggle's save: the server answers the new state and the subject's follower count */
    followSubject: async (subjectId: number, on: boolean) => {
      const answer = on ? await http.call(followSubject, { body: { subjectId } }) : await http.call(unfollowSubject, { query: { subjectId } })
      return { on: answer.followed, followCount: answer.followCount }
    },
    columns: (tab: 'recommend' | 'hot', page: number) => callFirst(http, tab === 'hot' ? columnHot : columnRecommend, firstCalls.columns(tab, page)),
    selectedArticles: (page: number) => http.call(columnSelected, { query: { page, count: 20, version: '2' } }),
    columnists: (page: number) => callFirst(http, columnists, firstCalls.columnists(page)),
    column: (id: number) => callFirst(http, columnDetail, firstCalls.column(id)),
    columnArticles: (id: number, album: boolean, page: number) => callFirst(http, columnArticles, firstCalls.columnArticles(id, album, page)),
    subjects: (page: number) => callFirst(http, subjectList, firstCalls.subjects(page)),
    followedSubjects: () => http.call(followedSubjects, { query: { page: 1, limit: 8 } }),
    subject: (id: number) => callFirst(http, subjectDetail, firstCalls.subject(id)),
    subjectContents: (id: number, choice: boolean, before: number | undefined) => callFirst(http, subjectContents, firstCalls.subjectContents(id, choice, before)),
    popularHotspots: () => http.call(popularHotspots, { query: { page: 1 } }),
    hotspotContents: (id: number, before: number | undefined) => http.call(hotspotContents, { params: { id }, query: { count: 20, ...(before !== undefined ? { timestamp: before } : {}) } }),
  }
}

export const useColumnsApi = () => useApi(columnsApi)
