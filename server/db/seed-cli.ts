// Migrates and seeds one PGlite data directory (argv[2]) and closes it, in a process of its own:
// - server/main.ts runs it before opening the database, so the memory seeding takes (fixture generation,
//   PGlite's WebAssembly heap, which never shrinks) leaves with this process: a first start on a fresh
//   directory held 711 MB resident when it seeded in-process, 322 MB on the seeded directory (issue 11);
// - scripts/e2e.mjs runs it once per journey run and e2e/harness.ts copies the directory for each
//   journey file's server.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openPglite } from './db'
import { migrate, MIGRATIONS_DIR } from './migrate'
import { seed } from './seed'
import { seedCodeHash, writeSeedStamp } from './seed-stamp'

const dir = process.argv[2]
if (!dir) throw new Error('usage: node --import tsx server/db/seed-cli.ts <data-dir>')
// a newcomer's first start: say what the seconds of silence are
const fresh = !existsSync(join(dir, 'PG_VERSION'))
const started = Date.now()
if (fresh) console.log(`creating the database in ${dir} with seeded news, stocks, readers and goods…`)
const db = await openPglite({ dataDir: dir })
await migrate(db)
await seed(db)
await db.close()
// bundled (scripts/build-server.mjs): the next start with this very code skips this process (server/db/seed-stamp.ts)
if (import.meta.url.endsWith('.mjs')) writeSeedStamp(dir, seedCodeHash(fileURLToPath(import.meta.url), MIGRATIONS_DIR))
if (fresh) console.log(`creating the database: done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
