// The console's live pages' API module (design.md 'App state and the API layer'; issue 29): the reads
// for the one read helper and the writes, from the HTTP port. Live columns are circles of type
// LIVE_COLUMN: their list, form and save are the console's circle calls (core/api/circle-admin-circles.ts);
// booking, start, pause, resume, end, delete and the guests are the live room's owner calls
// (core/api/live.ts); the rest is core/api/circle-admin-live.ts. Views take it through useLiveAdminApi().
import type { HttpPort } from '../../../core/api/http-port'
import {
  adminDeleteLiveComment,
  adminEditLiveRoom,
  adminLiveComments,
  adminLiveData,
  adminLiveKick,
  adminLiveKicked,
  adminLiveMute,
  adminLivePlayback,
  adminLiveRoom,
  adminLiveRooms,
  adminLiveUnkick,
  adminLiveUsers,
  adminLiveUserSearch,
} from '../../../core/api/circle-admin-live'
import { adminCircleCreate, adminCircleDetail, adminCircleEdit, adminCircleList, type CircleFormBody } from '../../../core/api/circle-admin-circles'
import { liveBook, liveDelete, liveEnd, liveGuests, livePause, liveResume, liveStart } from '../../../core/api/live'
import { uploadPostImage } from '../../../core/api/uploads'
import type { LiveStatusName, StartMode, VideoServiceType } from '../../../core/live/limits'
import { ADMIN_LIVE_PAGE } from '../../../core/circle-admin/live'
import { useApi } from '../../common/use-api'
import { endpointRead } from '../../common/use-read'

export interface RoomFilters {
  readonly liveColumnId?: number | undefined
  readonly status?: LiveStatusName | undefined
  readonly videoServiceType?: VideoServiceType | undefined
  readonly keyword?: string | undefined
}

export interface BookForm {
  readonly liveColumnId: number
  readonly videoServiceType: VideoServiceType
  readonly title: string
  readonly brief: string
  readonly cover: string
  readonly startTimestamp: number
  readonly keepPlayback: boolean
}

/** What invalidate() takes after a write: every read of the console's live calls and the room's owner calls. */
export const LIVE_ADMIN_READS = 'circleAdmin.live'

const keyword = (k: string | undefined) => (k && k.trim() ? k.trim() : undefined)

export function liveAdminApi(http: HttpPort) {
  return {
    // --- live columns (circles of type LIVE_COLUMN) ---
    columns: (page: number, kw?: string) => endpointRead(http, adminCircleList, { query: { type: 'LIVE_COLUMN', page, count: ADMIN_LIVE_PAGE, keyword: keyword(kw) } }),
    /** every column the reader runs (the room form's and the filters' choice) */
    allColumns: () => endpointRead(http, adminCircleList, { query: { type: 'LIVE_COLUMN', page: 1, count: 100 } }),
    column: (id: number) => endpointRead(http, adminCircleDetail, { params: { id } }),
    createColumn: (body: CircleFormBody) => http.call(adminCircleCreate, { body }),
    editColumn: (id: number, body: CircleFormBody) => http.call(adminCircleEdit, { params: { id }, body }),
    uploadCover: async (file: File) => (await http.upload(uploadPostImage, { form: [['file', file, file.name]] })).list[0]?.url ?? '',

    // --- rooms ---
    rooms: (page: number, f: RoomFilters) =>
      endpointRead(http, adminLiveRooms, { query: { page, count: ADMIN_LIVE_PAGE, liveColumnId: f.liveColumnId, status: f.status, videoServiceType: f.videoServiceType, keyword: keyword(f.keyword) } }),
    room: (id: number) => endpointRead(http, adminLiveRoom, { params: { id } }),
    book: (f: BookForm) =>
      http.call(liveBook, {
        body: { liveColumnId: f.liveColumnId, videoServiceType: f.videoServiceType, title: f.title, brief: f.brief, ...(f.cover ? { cover: f.cover } : {}), startTimestamp: f.startTimestamp, keepPlayback: f.keepPlayback },
      }),
    editRoom: (id: number, body: { title: string; brief: string; cover: string; startTimestamp?: number | undefined }) => http.call(adminEditLiveRoom, { params: { id }, body }),
    setPlayback: (id: number, keepPlayback: boolean) => http.call(adminLivePlayback, { params: { id }, body: { keepPlayback } }),
    start: (id: number, startMode: StartMode, pullUrl?: string) => http.call(liveStart, { params: { id }, body: { startMode, ...(pullUrl ? { pullUrl } : {}) } }),
    pause: (id: number) => http.call(livePause, { params: { id } }),
    resume: (id: number) => http.call(liveResume, { params: { id } }),
    end: (id: number) => http.call(liveEnd, { params: { id }, body: {} }),
    remove: (id: number) => http.call(liveDelete, { params: { id } }),

    // --- commentManage ---
    comments: (id: number, page: number, kw?: string) => endpointRead(http, adminLiveComments, { params: { id }, query: { page, count: ADMIN_LIVE_PAGE, keyword: keyword(kw) } }),
    deleteComment: (id: number, commentId: number) => http.call(adminDeleteLiveComment, { params: { id, commentId } }),
    mute: (id: number, userId: number, muted: boolean, muteTimeHour?: 1 | 24 | -1) => http.call(adminLiveMute, { params: { id }, body: { userId, muted, ...(muteTimeHour ? { muteTimeHour } : {}) } }),

    // --- dataAnalysis ---
    data: (id: number) => endpointRead(http, adminLiveData, { params: { id } }),

    // --- userManage ---
    candidates: (id: number, kw: string) => endpointRead(http, adminLiveUserSearch, { params: { id }, query: { keyword: kw.trim() } }),
    setGuests: (id: number, userIds: readonly number[]) => http.call(liveGuests, { params: { id }, body: { userIds } }),
    kicked: (id: number, page: number) => endpointRead(http, adminLiveKicked, { params: { id }, query: { page, count: ADMIN_LIVE_PAGE } }),
    kick: (id: number, userId: number) => http.call(adminLiveKick, { params: { id }, body: { userId } }),
    unkick: (id: number, userId: number) => http.call(adminLiveUnkick, { params: { id, userId } }),

    // --- live-user-admin ---
    viewers: (page: number, f: { liveColumnId?: number | undefined; keyword?: string | undefined; membership?: 'member' | 'expired' | 'none' | undefined }) =>
      endpointRead(http, adminLiveUsers, { query: { page, count: ADMIN_LIVE_PAGE, liveColumnId: f.liveColumnId, keyword: keyword(f.keyword), membership: f.membership } }),
  }
}

export type LiveAdminApi = ReturnType<typeof liveAdminApi>
export const useLiveAdminApi = (): LiveAdminApi => useApi(liveAdminApi)
