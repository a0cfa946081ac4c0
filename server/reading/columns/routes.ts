// Routes of the reading 'columns' part (columns, albums, subjects and hotspots); registered by server/reading/routes.ts.
import type { RegisterFeature } from '../../feature'

export const registerReadingColumns: RegisterFeature = () => {}
