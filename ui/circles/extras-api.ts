// The circle pages' reads of core/api/circle-extras.ts (issue 27): a live column and its schedule.
// Views take it through useCircleExtrasApi(); reads go through the one read helper.
import type { HttpPort } from '../../core/api/http-port'
import { liveColumn, liveColumnContent, type LiveColumnItem } from '../../core/api/circle-extras'
import { firstCalls } from '../../core/api/first-screen'
import { useApi } from '../common/use-api'
import { lazyRead, type PagedRead } from '../common/use-read'

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
  }
}

export const useCircleExtrasApi = () => useApi(circleExtrasApi)
