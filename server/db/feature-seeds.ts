// Seeds of the feature folders (server/<feature>/seed.ts), run after the base seed, each once:
// a feature's rows are recorded in seed_meta under its own version number (100 and up).
import type { Db } from './db'
import { accountsSeeds } from '../accounts/seed'
import { readingSeeds } from '../reading/seed'
import { stockAliasSeeds } from '../reading/seed-stock-aliases'
import { marketSeeds } from '../market/seed'
import { portfolioSeeds } from '../portfolio/seed'
import { chatSeeds } from '../chat/seed'
import { readingColumnsSeeds } from '../reading/columns/seed'
import { readingCommunitySeeds } from '../reading/community/seed'
import { readingDocsSeeds } from '../reading/docs/seed'
import { membershipSeeds } from '../membership/seed'
import { circlesSeeds } from '../circles/seed'
import { courseSeeds } from '../courses/seed'
import { liveSeeds } from '../live/seed'
import { certificationSeeds } from '../certification/seed'
import { circleAdminCircleSeeds } from '../circle-admin/circles/seed'
import { circleAdminDataSeeds } from '../circle-admin/data/seed'

export interface FeatureSeed {
  /** unique, 100 and up; a new version of a feature's seed takes a new number */
  version: number
  name: string
  run(db: Db, seedNow: number): Promise<void>
}

export const FEATURE_SEEDS: FeatureSeed[] = [
  ...accountsSeeds,
  ...readingSeeds,
  ...stockAliasSeeds,
  ...readingColumnsSeeds,
  ...readingCommunitySeeds,
  ...readingDocsSeeds,
  ...marketSeeds,
  ...membershipSeeds,
  ...portfolioSeeds,
  ...chatSeeds,
  ...circlesSeeds,
  ...certificationSeeds,
  // after the circles' seed: courses and live columns hang off its COURSE and LIVE_COLUMN circles
  ...courseSeeds,
  // after the courses' seed: the live rooms it listed get streams, comments, a paused room and a roadshow
  ...liveSeeds,
  // after the circles' seed (and the demo member's circles): the paid members' orders for the console
  ...circleAdminDataSeeds,
  // after the circles' and the chat's seeds (the demo adviser): member rights, the adviser's circles in review
  ...circleAdminCircleSeeds,
]
