// What a feature folder (server/<feature>/routes.ts) gets to register its routes with route().
import type { Hono } from 'hono'
import type { Db } from './db/db'

export interface FeatureDeps {
  db: Db
  /** milliseconds since the epoch; tests pass a fixed clock */
  clock: () => number
  /** process environment (ports' real adapters read their settings here) */
  env: Record<string, string | undefined>
}

export type RegisterFeature = (app: Hono, deps: FeatureDeps) => void
