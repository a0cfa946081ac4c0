// Routes of the reading feature, registered by server/app.ts before the static client.
import type { RegisterFeature } from '../feature'

export const registerReading: RegisterFeature = () => {}
