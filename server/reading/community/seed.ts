// Seed rows of the reading 'community' part (see server/db/feature-seeds.ts). Versions 230–249.
import type { FeatureSeed } from '../../db/feature-seeds'

export const readingCommunitySeeds: FeatureSeed[] = []
