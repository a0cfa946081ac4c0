// Routes of the reading 'community' part (hot posts, topics, tags, recommended users, trade headlines and official posts); pages lazy-loaded.
import type { RouteDef } from '../../route-def'

export const readingCommunityRoutes: RouteDef[] = []
