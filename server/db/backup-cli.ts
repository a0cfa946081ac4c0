// npm run backup -- [file] · npm run restore -- <file>   (server/db/backup.ts says what each does)
// The database is the server's: DATABASE_URL when set (PostgreSQL), else DATA_DIR (PGlite, default ./.data).
import { resolve } from 'node:path'
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup'
import { pgliteDir } from './db'

const [command, fileArg] = process.argv.slice(2)
const url = process.env.DATABASE_URL
const stamp = new Date().toISOString().replace(/[:.]/g, '-')

async function main(): Promise<void> {
  if (command === 'backup') {
    const file = resolve(fileArg ?? `backup-${stamp}.${url ? 'pgdump' : 'tar.gz'}`)
    if (url) await backupPostgres(url, file)
    else console.log(`${(await backupPglite(pgliteDir(), file)).bytes} bytes`)
    console.log(`backed up to ${file}`)
  } else if (command === 'restore' && fileArg) {
    const file = resolve(fileArg)
    if (url) await restorePostgres(url, file)
    else {
      const { movedAside } = await restorePglite(file, pgliteDir())
      if (movedAside) console.log(`the database that was there is kept in ${movedAside}`)
    }
    console.log(`restored from ${file}`)
  } else {
    console.error('usage: npm run backup -- [file] | npm run restore -- <file>')
    process.exitCode = 2
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
