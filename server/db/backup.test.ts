// npm run backup / restore (issue 30): a round trip — write, back up, write more, restore, and see exactly
// the first state. PGlite in the PGlite pass; PostgreSQL (Debian's pg_dump and pg_restore) in the
// PostgreSQL pass (TEST_DATABASE_URL), on a database of its own.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { testDatabaseUrl } from '../testing/test-db'
import { backupPglite, backupPostgres, pgliteInUse, restorePglite, restorePostgres } from './backup'
import { SERVER_PID_FILE } from './db'

const url = testDatabaseUrl()
const work = mkdtempSync(join(tmpdir(), 'gmh-backup-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

async function rows(dataDir: string): Promise<string[]> {
  const db = new PGlite({ dataDir })
  try {
    return (await db.query<{ t: string }>('SELECT t FROM notes ORDER BY id')).rows.map((r) => r.t)
  } finally {
    await db.close()
  }
}
async function exec(dataDir: string, text: string): Promise<void> {
  const db = new PGlite({ dataDir })
  try {
    await db.exec(text)
  } finally {
    await db.close()
  }
}

describe.skipIf(url !== undefined)('PGlite: backup and restore of the data directory', () => {
  it('restores exactly the state that was backed up, keeps the replaced one aside and the uploads beside it', async () => {
    const dir = join(work, 'data')
    await exec(dir, "CREATE TABLE notes (id serial PRIMARY KEY, t text); INSERT INTO notes (t) VALUES ('买入腾讯'), ('止损 350')")
    mkdirSync(join(dir, 'uploads'))
    writeFileSync(join(dir, 'uploads', 'a.png'), 'png')
    const file = join(work, 'backup.tar.gz')
    expect((await backupPglite(dir, file)).bytes).toBeGreaterThan(1000)
    await exec(dir, "INSERT INTO notes (t) VALUES ('加仓'); DELETE FROM notes WHERE t = '买入腾讯'")
    expect(await rows(dir)).toEqual(['止损 350', '加仓'])

    const { movedAside } = await restorePglite(file, dir, 1_800_000_000_000)
    expect(await rows(dir)).toEqual(['买入腾讯', '止损 350'])
    expect(movedAside).toBe(`${dir}.before-restore-1800000000000`)
    expect(await rows(movedAside!)).toEqual(['止损 350', '加仓'])
    expect(existsSync(join(dir, 'uploads', 'a.png'))).toBe(true)
    expect(readdirSync(work).filter((n) => n.endsWith('.partial'))).toEqual([])
  }, 120_000)

  it('refuses while a live server holds the directory, and an empty directory', async () => {
    const dir = join(work, 'held')
    await exec(dir, 'CREATE TABLE notes (id serial PRIMARY KEY, t text)')
    writeFileSync(join(dir, SERVER_PID_FILE), `${process.ppid}\n`)
    expect(pgliteInUse(dir)).toBe(true)
    await expect(backupPglite(dir, join(work, 'x.tar.gz'))).rejects.toThrow('stop the server first')
    await expect(restorePglite(join(work, 'backup.tar.gz'), dir)).rejects.toThrow('stop the server first')
    writeFileSync(join(dir, SERVER_PID_FILE), '999999999\n') // a server that died
    expect(pgliteInUse(dir)).toBe(false)
    mkdirSync(join(work, 'empty'))
    await expect(backupPglite(join(work, 'empty'), join(work, 'y.tar.gz'))).rejects.toThrow('holds no database')
  }, 120_000)
})

describe.skipIf(url === undefined)('PostgreSQL: pg_dump and pg_restore', () => {
  it('restores exactly the state that was backed up', async () => {
    const name = `gmh_backup_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
    const target = new URL(url!)
    target.pathname = `/${name}`
    const client = new pg.Client({ connectionString: target.toString() })
    try {
      await client.connect()
      const notes = async () => (await client.query<{ t: string }>('SELECT t FROM notes ORDER BY id')).rows.map((r) => r.t)
      await client.query("CREATE TABLE notes (id serial PRIMARY KEY, t text); INSERT INTO notes (t) VALUES ('买入腾讯'), ('止损 350')")
      const file = join(work, 'backup.pgdump')
      await backupPostgres(target.toString(), file)
      await client.query("INSERT INTO notes (t) VALUES ('加仓'); DELETE FROM notes WHERE t = '买入腾讯'")
      expect(await notes()).toEqual(['止损 350', '加仓'])
      await restorePostgres(target.toString(), file)
      expect(await notes()).toEqual(['买入腾讯', '止损 350'])
      // the sequence came back too: the next row continues from the backed-up state
      await client.query("INSERT INTO notes (t) VALUES ('再买')")
      expect((await client.query('SELECT max(id) AS m FROM notes')).rows[0].m).toBe(3)
    } finally {
      await client.end()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  }, 120_000)
})
