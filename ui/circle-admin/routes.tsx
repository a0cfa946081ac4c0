// The circle-admin console's routes (issue 29; spec 001 §2 'Circle admin /circle-admin, children'): each
// area's own route file, one engineer's each, and /circle-admin itself, which opens the circle list.
import { Redirect } from 'wouter'
import type { RouteDef } from '../route-def'
import { CONSOLE_MENU, CONSOLE_ROOT } from '../../core/circle-admin/menu'
import { circleRoutes } from './circle/routes'
import { communityRoutes } from './community/routes'
import { courseRoutes } from './course/routes'
import { liveRoutes } from './live/routes'
import { dataRoutes } from './data/routes'

const first = CONSOLE_MENU[0].links[0][1]

export const circleAdminRoutes: RouteDef[] = [
  { path: CONSOLE_ROOT, layout: 'default', render: () => <Redirect to={first} replace /> },
  ...circleRoutes,
  ...communityRoutes,
  ...courseRoutes,
  ...liveRoutes,
  ...dataRoutes,
]
