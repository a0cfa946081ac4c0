// The console's community pages (issue 29): filled by the engineer who owns ui/circle-admin/community/.
import type { RouteDef } from '../../route-def'

export const communityRoutes: RouteDef[] = []
