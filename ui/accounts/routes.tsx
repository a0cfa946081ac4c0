// Routes of the accounts feature (see ui/route-def.ts); pages are lazy-loaded.
import type { RouteDef } from '../route-def'

export const accountsRoutes: RouteDef[] = []
