// Backups (issue 30 'Backups'): `npm run backup -- [file]` and `npm run restore -- <file>`.
//
// - PGlite (the default, DATA_DIR): the data directory as PGlite's own dump (dumpDataDir, a gzip'd
//   tarball of the cluster), and a restore that opens a fresh directory from it. PGlite is one process:
//   stop the server before either (the running server holds the directory; a second instance on it
//   would corrupt it, so both refuse while the directory's lock is held — see pgliteInUse).
// - PostgreSQL (DATABASE_URL): Debian's pg_dump in its custom format, restored with pg_restore --clean
//   (the server may keep running; a restore replaces every table it names).
//
// A restore never overwrites a PGlite directory in place: the old one is moved aside to
// <dir>.before-restore-<time> first, so a wrong file loses nothing. Uploads kept by the local storage
// default (DATA_DIR/uploads) are files, not database rows: copy that folder beside the dump.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { SERVER_PID_FILE } from './db'

const run = promisify(execFile)

/** The entries of a PGlite data directory that are the database (uploads and others beside it are not). */
const isClusterEntry = (name: string) => name === 'PG_VERSION' || name.startsWith('pg_') || name === 'base' || name === 'global' || name.startsWith('postgresql')

/** Whether a live server process holds the PGlite directory (server/main.ts writes SERVER_PID_FILE). */
export function pgliteInUse(dataDir: string): boolean {
  const pidFile = join(dataDir, SERVER_PID_FILE)
  if (!existsSync(pidFile)) return false
  const pid = Number(readFileSync(pidFile, 'utf8').trim())
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false // a pid file left by a process that died
  }
}

export async function backupPglite(dataDir: string, outFile: string): Promise<{ bytes: number }> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no database`)
  if (pgliteInUse(dataDir)) throw new Error(`${dataDir} is in use: stop the server first`)
  const pg = new PGlite({ dataDir })
  try {
    await pg.waitReady
    const dump = await pg.dumpDataDir('gzip')
    const bytes = new Uint8Array(await dump.arrayBuffer())
    writeFileSync(`${outFile}.partial`, bytes)
    renameSync(`${outFile}.partial`, outFile) // a backup is whole or absent
    return { bytes: bytes.byteLength }
  } finally {
    await pg.close()
  }
}

/** Restores `file` into `dataDir`; an existing database there is moved aside first (its new name is answered). */
export async function restorePglite(file: string, dataDir: string, now = Date.now()): Promise<{ movedAside: string | null }> {
  if (pgliteInUse(dataDir)) throw new Error(`${dataDir} is in use: stop the server first`)
  const blob = new Blob([readFileSync(file)])
  let movedAside: string | null = null
  if (existsSync(dataDir) && readdirSync(dataDir).some(isClusterEntry)) {
    movedAside = `${dataDir}.before-restore-${now}`
    renameSync(dataDir, movedAside)
  }
  const pg = new PGlite({ dataDir, loadDataDir: blob })
  try {
    await pg.waitReady
    await pg.query('SELECT 1')
  } finally {
    await pg.close()
  }
  // what lived beside the database (the local uploads) comes back to the restored directory
  if (movedAside) for (const name of readdirSync(movedAside).filter((n) => !isClusterEntry(n) && n !== SERVER_PID_FILE)) if (!existsSync(join(dataDir, name))) renameSync(join(movedAside, name), join(dataDir, name))
  return { movedAside }
}

/** pg_dump in the custom format; `schema` limits it to one schema (tests use one per file). */
export async function backupPostgres(url: string, outFile: string, schema?: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', ...(schema ? [`--schema=${schema}`] : []), `--file=${outFile}.partial`, `--dbname=${url}`])
  renameSync(`${outFile}.partial`, outFile)
}

export async function restorePostgres(url: string, file: string): Promise<void> {
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file])
}
