// The user feature's API module (a user's homepage /user/{id} and its tabs; the column-author
// application): every call its views make, built from the HTTP port. Only lazy pages import it.
import type { HttpPort } from '../../core/api/http-port'
import { followers, followings, getUserDetail, sendMessageCode } from '../../core/api/accounts'
import { columnApplication, columnApply, columnApplyEdit, columnApplyStatus, myDynamics } from '../../core/api/interaction'
import { uploadPostImage } from '../../core/api/uploads'
import { applyBody, type ApplyForm } from '../../core/posting/column-apply'
import { useApi } from '../common/use-api'
import { endpointRead, forReader } from '../common/use-read'
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
    // the column-author application (spec 000 §7 'Author application')
    applyStatus: () => http.call(columnApplyStatus),
    /** the reader's own application (null before the first) */
    application: (userId: number | null) => forReader(endpointRead(http, columnApplication), userId),
    apply: (form: ApplyForm, id: number | null) => (id === null ? http.call(columnApply, { body: applyBody(form) }) : http.call(columnApplyEdit, { params: { id }, body: applyBody(form) })),
    /** the phone is proven by an SMS code sent for binding (the server checks it with the application) */
    sendCode: (countryCode: string, phone: string) => http.call(sendMessageCode, { body: { countryCode, phone, purpose: 'bind' } }),
    uploadPicture: async (file: File) => (await http.upload(uploadPostImage, { form: [['file', file, file.name]] })).list[0]?.url ?? '',
  }
}
export type UserApi = ReturnType<typeof userApi>
export const useUserApi = () => useApi(userApi)
