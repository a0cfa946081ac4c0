// Routes of the reading 'community' part (hot posts, topics, tags, recommended users, trade headlines and official posts); registered by server/reading/routes.ts.
import type { RegisterFeature } from '../../feature'

export const registerReadingCommunity: RegisterFeature = () => {}
