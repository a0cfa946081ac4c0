// The console's course pages (issue 29): filled by the engineer who owns ui/circle-admin/course/.
import type { RouteDef } from '../../route-def'

export const courseRoutes: RouteDef[] = []
