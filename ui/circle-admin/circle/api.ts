// The console's circle pages' API module (design.md 'App state and the API layer'; issue 29): the reads
// for the one read helper, the writes, and the form machine's actors, from the HTTP port. Views take it
// through useCircleAdminApi() and never touch the port.
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../../core/api/http-port'
import * as api from '../../../core/api/circle-admin-circles'
import { uploadPostImage } from '../../../core/api/uploads'
import { ADMIN_CIRCLES_PAGE, CIRCLE_USERS_PAGE, type CircleType } from '../../../core/circle-admin/circles'
import { circleFormMachine } from '../../../core/circle-admin/circle-form.machine'
import { useApi } from '../../common/use-api'
import { endpointRead } from '../../common/use-read'

/** What useInvalidate() takes after a write: every read of the console's circle calls. */
export const CIRCLE_ADMIN_READS = 'circleAdmin.'

const keyword = (k: string | undefined) => (k && k.trim() ? k.trim() : undefined)

export function circleAdminApi(http: HttpPort) {
  return {
    /** circle/circle-list: one numbered page of the reader's circles */
    circles: (f: { page: number; type?: CircleType | undefined; keyword?: string | undefined }) =>
      endpointRead(http, api.adminCircleList, { query: { page: f.page, count: ADMIN_CIRCLES_PAGE, type: f.type, keyword: keyword(f.keyword) } }),
    /** every circle the reader runs (the pickers of the user, rights and sort pages) */
    allCircles: () => endpointRead(http, api.adminCircleList, { query: { page: 1, count: 100 } }),
    users: (id: number, f: { page: number; role?: api.CircleUserRole | undefined; keyword?: string | undefined }) =>
      endpointRead(http, api.adminCircleUsers, { params: { id }, query: { page: f.page, count: CIRCLE_USERS_PAGE, role: f.role, keyword: keyword(f.keyword) } }),
    rights: (id: number) => endpointRead(http, api.adminRights, { params: { id } }),
    circleOrder: () => endpointRead(http, api.adminCircleSort),
    tagOrder: (id: number) => endpointRead(http, api.adminTagSort, { params: { id } }),

    searchUsers: (id: number, kw: string) => http.call(api.adminUserSearch, { params: { id }, query: { keyword: kw.trim() } }),
    addAdmin: (id: number, userId: number) => http.call(api.adminAdd, { params: { id }, body: { userId } }),
    removeAdmin: (id: number, userId: number) => http.call(api.adminRemove, { params: { id, userId } }),
    saveRights: (id: number, list: readonly api.RightBody[]) => http.call(api.adminRightsSave, { params: { id }, body: { list: [...list] } }),
    saveCircleOrder: (ids: readonly number[]) => http.call(api.adminCircleSortSave, { body: { ids: [...ids] } }),
    saveTagOrder: (id: number, ids: readonly number[]) => http.call(api.adminTagSortSave, { params: { id }, body: { ids: [...ids] } }),

    /** the create/edit form with its calls: load (edit), the cover through the uploads port, save */
    form: () =>
      circleFormMachine.provide({
        actors: {
          loadCircle: fromPromise<api.AdminCircleDetail | null, { id: number | null }>(({ input, signal }) =>
            input.id === null ? Promise.resolve(null) : http.call(api.adminCircleDetail, { params: { id: input.id } }, { signal }),
          ),
          uploadCover: fromPromise<string, { file: unknown }>(async ({ input, signal }) => {
            const file = input.file instanceof Blob ? input.file : new Blob([])
            const r = await http.upload(uploadPostImage, { form: [['file', file, (file as File).name ?? 'cover.png']] }, { signal })
            const url = r.list[0]?.url
            if (!url) throw new Error('')
            return url
          }),
          saveCircle: fromPromise<api.AdminCircleDetail, { id: number | null; body: api.CircleFormBody }>(({ input }) =>
            input.id === null ? http.call(api.adminCircleCreate, { body: input.body }) : http.call(api.adminCircleEdit, { params: { id: input.id }, body: input.body }),
          ),
        },
      }),
  }
}

export const useCircleAdminApi = () => useApi(circleAdminApi)
