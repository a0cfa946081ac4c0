// Migrates and seeds one PGlite data directory (argv[2]) and closes it. scripts/e2e.mjs runs this once per
// journey run; e2e/harness.ts copies the directory for each journey file's server instead of seeding
// again (each file used to spend ~15 s of a 2-core machine migrating and seeding the same data).
import { openPglite } from '../server/db/db'
import { migrate } from '../server/db/migrate'
import { seed } from '../server/db/seed'

const dir = process.argv[2]
if (!dir) throw new Error('usage: node --import tsx scripts/e2e-seed.ts <data-dir>')
const db = await openPglite({ dataDir: dir })
await migrate(db)
await seed(db)
await db.close()
