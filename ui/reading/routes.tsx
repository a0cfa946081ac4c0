// Routes of the reading feature (see ui/route-def.ts); pages are lazy-loaded.
import type { RouteDef } from '../route-def'

export const readingRoutes: RouteDef[] = []
