// Seed rows of the reading feature (see server/db/feature-seeds.ts). Versions 200–299.
import type { FeatureSeed } from '../db/feature-seeds'

export const readingSeeds: FeatureSeed[] = []
