// Routes of the market feature (see ui/route-def.ts); pages are lazy-loaded.
import type { RouteDef } from '../route-def'

export const marketRoutes: RouteDef[] = []
