// Routes of the reading 'columns' part (columns, albums, subjects and hotspots); pages lazy-loaded.
import type { RouteDef } from '../../route-def'

export const readingColumnsRoutes: RouteDef[] = []
