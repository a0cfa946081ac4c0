// The circle pages' reads of core/api/circle-extras.ts (issue 27): a live column and its schedule.
// Views take it through useCircleExtrasApi(); reads go through the one read helper.
import type { HttpPort } from '../../core/api/http-port'
import { liveColumn, liveColumnContent, type LiveColumnItem } from '../../core/api/circle-extras'
import { firstCalls } from '../../core/api/first-screen'
import { useApi } from '../common/use-api'
import { lazyRead, type PagedRead, type Read } from '../common/use-read'
import { roadshowReserve, videoDetail, type VideoDetail } from '../../core/api/live'

export function circleExtrasApi(http: HttpPort) {
  return {
    /** GET /api/financial-circle/live-column/{id}, inlined on /chiefCircle/schedule-live/{id} */
    liveColumn: (id: number) => lazyRead(http, async () => liveColumn, firstCalls.circleLiveColumn(id)),
    /** its items, count 10 a page (spec 001 §7), the first page inlined */
    liveItems: (id: number): PagedRead<LiveColumnItem> => ({
      key: firstCalls.circleLiveItems(id, 1),
      keyOf: (i) => i.id,
      loadPage: ({ page }, signal) => lazyRead(http, async () => liveColumnContent, firstCalls.circleLiveItems(id, page)).load(signal),
    }),
    /** issue 28: a booked item's room as this reader sees it (whether they reserved it), keyed as the room page reads it */
    liveRoom: (id: number): Read<VideoDetail> => ({ key: firstCalls.liveRoom(id), load: (signal) => http.call(videoDetail, { query: { videoId: id } }, { signal }) }),
    /** spec 001 §7 POST /api/roadshow/{id}/reserve/v1 {videoServiceType}: a seat in a booked room */
    reserveRoom: async (room: Pick<VideoDetail, 'id' | 'videoServiceType'>) => ({ on: (await http.call(roadshowReserve, { params: { id: room.id }, body: { videoServiceType: room.videoServiceType } })).reserved }),
  }
}

export const useCircleExtrasApi = () => useApi(circleExtrasApi)
