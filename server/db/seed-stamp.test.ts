import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { seedCodeHash, seededBy, writeSeedStamp } from './seed-stamp'

function tree() {
  const root = mkdtempSync(join(tmpdir(), 'gmh-stamp-'))
  const migrations = join(root, 'migrations')
  mkdirSync(migrations)
  writeFileSync(join(migrations, '001_a.sql'), 'CREATE TABLE a (id int);')
  writeFileSync(join(root, 'seed-cli.mjs'), 'seed v1')
  const data = join(root, 'data')
  mkdirSync(data)
  return { root, migrations, seedModule: join(root, 'seed-cli.mjs'), data }
}

describe('seed stamp', () => {
  it('a directory is seeded only by the code that stamped it, and only when it is a database', () => {
    const t = tree()
    const hash = seedCodeHash(t.seedModule, t.migrations)
    expect(seededBy(t.data, hash)).toBe(false) // no stamp
    writeSeedStamp(t.data, hash)
    expect(seededBy(t.data, hash)).toBe(false) // a stamp but no database beside it
    writeFileSync(join(t.data, 'PG_VERSION'), '17\n')
    expect(seededBy(t.data, hash)).toBe(true)
  })

  it('any change to the seeding module or to a migration (content, a new one) changes the hash', () => {
    const t = tree()
    const before = seedCodeHash(t.seedModule, t.migrations)
    expect(seedCodeHash(t.seedModule, t.migrations)).toBe(before)
    writeFileSync(t.seedModule, 'seed v2')
    const afterSeed = seedCodeHash(t.seedModule, t.migrations)
    expect(afterSeed).not.toBe(before)
    writeFileSync(join(t.migrations, '001_a.sql'), 'CREATE TABLE a (id bigint);')
    const afterEdit = seedCodeHash(t.seedModule, t.migrations)
    expect(afterEdit).not.toBe(afterSeed)
    writeFileSync(join(t.migrations, '002_b.sql'), '')
    expect(seedCodeHash(t.seedModule, t.migrations)).not.toBe(afterEdit)
  })
})
