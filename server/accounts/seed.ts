// Seed rows of the accounts feature (see server/db/feature-seeds.ts). Versions 100–199.
import type { FeatureSeed } from '../db/feature-seeds'
import { followGraphSeed } from './follow-seed'

export const accountsSeeds: FeatureSeed[] = [followGraphSeed]
