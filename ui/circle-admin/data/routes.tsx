// The console's data pages (issue 29): filled by the engineer who owns ui/circle-admin/data/.
import type { RouteDef } from '../../route-def'

export const dataRoutes: RouteDef[] = []
