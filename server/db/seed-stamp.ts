// A stamp in a PGlite data directory saying which seeding code last migrated and seeded it, so a start on
// a directory that code already prepared skips the seeding process (server/main.ts spawns
// server/db/seed-cli.ts before opening the database). That process finds nothing to do on a seeded
// directory, but opening PGlite to find out costs ~2.3 s of CPU per start: every `npm start` and every
// journey's server (~25 a run) paid it.
// The stamp is the SHA-256 of the bundled seeding module (which holds the seed code and its fixtures)
// and of every migration file: any change to either runs the seeding process again, which then decides
// as before what is still to apply. Only the bundle (`.mjs`, scripts/build-server.mjs) stamps: under tsx
// the seeding code is many files, so it always runs.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const STAMP_FILE = 'gmh-seed-stamp'

export function seedCodeHash(seedModule: string, migrationsDir: string): string {
  const hash = createHash('sha256').update(readFileSync(seedModule))
  for (const name of readdirSync(migrationsDir).sort()) hash.update(`\0${name}\0`).update(readFileSync(join(migrationsDir, name)))
  return hash.digest('hex')
}

/** True when `dir` is a PGlite data directory that the seeding code of `hash` migrated and seeded. */
export function seededBy(dir: string, hash: string): boolean {
  const stamp = join(dir, STAMP_FILE)
  return existsSync(join(dir, 'PG_VERSION')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash
}

export function writeSeedStamp(dir: string, hash: string): void {
  writeFileSync(join(dir, STAMP_FILE), `${hash}\n`)
}
