// Routes of the reading 'docs' part (deep reports, named documents and agreements, news pages and the home extras); registered by server/reading/routes.ts.
import type { RegisterFeature } from '../../feature'

export const registerReadingDocs: RegisterFeature = () => {}
