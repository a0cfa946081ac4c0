// Seed rows of the reading 'docs' part (see server/db/feature-seeds.ts). Versions 250–269.
import type { FeatureSeed } from '../../db/feature-seeds'

export const readingDocsSeeds: FeatureSeed[] = []
