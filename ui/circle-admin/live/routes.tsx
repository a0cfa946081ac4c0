// The console's live pages (issue 29): filled by the engineer who owns ui/circle-admin/live/.
import type { RouteDef } from '../../route-def'

export const liveRoutes: RouteDef[] = []
