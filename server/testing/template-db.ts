// One migrated, seeded PGlite data directory for all test files: built once (PGlite's first start of a
// new data directory takes ~5 s), dumped to a tarball in the OS temp dir keyed by a hash of the
// migrations, the seed code and the fixtures, and loaded into a fresh in-memory PGlite per test file.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { NOW_ANCHOR } from '../../fixtures/generate'
import { openPglite, type Db } from '../db/db'
import { MIGRATIONS_DIR, migrate } from '../db/migrate'
import { seed } from '../db/seed'

/** Tests seed as of this second, so content dates are the same on every run. */
export const TEST_NOW = NOW_ANCHOR

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')

export function sourcesHash(): string {
  const files = [
    ...readdirSync(MIGRATIONS_DIR).map((f) => join(MIGRATIONS_DIR, f)),
    join(root, 'server', 'db', 'seed.ts'),
    join(root, 'server', 'db', 'feature-seeds.ts'),
    // every feature's seed (server/<feature>/seed*.ts) and fixtures in sub-folders
    ...readdirSync(join(root, 'server'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        (readdirSync(join(root, 'server', d.name), { recursive: true }) as string[])
          .filter((f) => /(^|\/)seed[^/]*\.ts$/.test(f) && !f.endsWith('.test.ts'))
          .map((f) => join(root, 'server', d.name, f)),
      ),
    join(root, 'server', 'db', 'migrate.ts'),
    join(root, 'server', 'db', 'db.ts'),
    join(here, 'template-db.ts'),
    ...(readdirSync(join(root, 'fixtures'), { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(root, 'fixtures', f)),
  ].sort()
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(file.slice(root.length))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  hash.update(String(TEST_NOW))
  return hash.digest('hex').slice(0, 16)
}

export function templatePath(): string {
  return join(tmpdir(), `gmh-template-${sourcesHash()}.tgz`)
}

async function build(target: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gmh-template-build-'))
  let db: Db | undefined
  try {
    db = await openPglite({ dataDir: dir })
    await migrate(db)
    await seed(db, { now: TEST_NOW })
    const blob = await db.pglite!.dumpDataDir('gzip')
    // write beside the target, then rename: test files building at the same time never see half a file
    const partial = `${target}.${process.pid}.${Date.now()}.partial`
    writeFileSync(partial, new Uint8Array(await blob.arrayBuffer()))
    renameSync(partial, target)
  } finally {
    await db?.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

let cached: Promise<Blob> | undefined

/** The template tarball (built on first use). */
export function templateBlob(): Promise<Blob> {
  cached ??= (async () => {
    const path = templatePath()
    if (!existsSync(path)) await build(path)
    return new Blob([new Uint8Array(readFileSync(path))])
  })()
  return cached
}

/** A fresh in-memory PGlite holding the migrated, seeded template. */
export async function cloneTemplate(): Promise<Db> {
  return openPglite({ loadDataDir: await templateBlob() })
}
