// What a feature folder (server/<feature>/routes.ts) gets to register its routes with route().
import type { Hono } from 'hono'
import type { Db } from './db/db'

export interface FeatureDeps {
  db: Db
  /** milliseconds since the epoch; tests pass a fixed clock */
  clock: () => number
  /** process environment (ports' real adapters read their settings here) */
  env: Record<string, string | undefined>
  /**
   * Registered by the accounts feature right after its CSRF check, before any route (server/app.ts
   * passes the write limits here: server/http/write-limit.ts), so a forged request never counts.
   */
  afterCsrf?: (app: Hono) => void
}

export type RegisterFeature = (app: Hono, deps: FeatureDeps) => void
