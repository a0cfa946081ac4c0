// The user feature's API module (a user's homepage /user/{id} and its tabs; the column-author
// application): every call its views make, built from the HTTP port. Only lazy pages import it.
import type { HttpPort } from '../../core/api/http-port'
import { followers, followings, getUserDetail } from '../../core/api/accounts'
import { myDynamics } from '../../core/api/interaction'
import { useApi } from '../common/use-api'
import { followUser } from '../common/follow-user'

/** Items per page of the homepage's tabs (our choice; the spec names 500 only for the followings page). */
export const USER_PAGE = 20

export function userApi(http: HttpPort) {
  return {
    user: (id: number) => http.call(getUserDetail, { query: { userId: id } }),
    /** the user's discussion posts (article false) or long articles (true), newest first, pinned first */
    dynamics: (userId: number, article: boolean, timestamp?: number) => http.call(myDynamics, { query: { userId, article, timestamp, count: USER_PAGE } }),
    /** whom the user follows, or who follows the user, a numbered page at a time */
    friends: (side: 'follows' | 'fans', userId: number, page: number) => http.call(side === 'fans' ? followers : followings, { query: { userId, page, count: USER_PAGE } }),
    follow: followUser(http),
  }
}
export type UserApi = ReturnType<typeof userApi>
export const useUserApi = () => useApi(userApi)
