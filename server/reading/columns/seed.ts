// Seed rows of the reading 'columns' part (see server/db/feature-seeds.ts). Versions 210–229.
import type { FeatureSeed } from '../../db/feature-seeds'

export const readingColumnsSeeds: FeatureSeed[] = []
