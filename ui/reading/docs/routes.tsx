// Routes of the reading 'docs' part (deep reports, named documents and agreements, news pages and the home extras); pages lazy-loaded.
import type { RouteDef } from '../../route-def'

export const readingDocsRoutes: RouteDef[] = []
