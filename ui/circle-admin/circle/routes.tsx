// The console's circle pages (issue 29): filled by the engineer who owns ui/circle-admin/circle/.
import type { RouteDef } from '../../route-def'

export const circleRoutes: RouteDef[] = []
