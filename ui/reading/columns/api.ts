// The columns feature's API module: the calls its views and machines make, built from the HTTP
// port (design.md 'App state and the API layer'). Views take them through useColumnsApi().
import type { HttpPort } from '../../../core/api/http-port'
import { followSubject, subjectFollowStatus, unfollowSubject } from '../../../core/api/reading-columns'
import { useApi } from '../../common/use-api'

export function columnsApi(http: HttpPort) {
  return {
    isSubjectFollowed: async (subjectId: number) => (await http.call(subjectFollowStatus, { query: { subjectIds: String(subjectId) } }))[0]?.followed === true,
    /** the toggle's save: the server answers the new state and the subject's follower count */
    followSubject: async (subjectId: number, on: boolean) => {
      const answer = on ? await http.call(followSubject, { body: { subjectId } }) : await http.call(unfollowSubject, { query: { subjectId } })
      return { on: answer.followed, followCount: answer.followCount }
    },
  }
}

export const useColumnsApi = () => useApi(columnsApi)
