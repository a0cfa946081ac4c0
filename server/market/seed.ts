// Seed rows of the market feature (see server/db/feature-seeds.ts). Versions 300–399.
import type { FeatureSeed } from '../db/feature-seeds'

export const marketSeeds: FeatureSeed[] = []
