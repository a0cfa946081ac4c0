// Routes of the accounts feature, registered by server/app.ts before the static client.
import type { RegisterFeature } from '../feature'

export const registerAccounts: RegisterFeature = () => {}
