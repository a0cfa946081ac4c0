// The server as `npm start` runs it: server/main.ts and the seeding process (server/db/seed-cli.ts),
// each bundled into one ES module by esbuild (packages stay in node_modules), beside a copy of the SQL
// migrations they read. Run with plain `node`: no TypeScript loader in the serving process. Under tsx
// the server held ~85 MB more right after start (287 → 202 MB resident on the seeded data, issue 11):
// tsx's loader, its transformed sources and their source maps stay resident for the life of the process.
//   node scripts/build-server.mjs [outDir]      (default dist/node)
import { build } from 'esbuild'
import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
export const SERVER_BUNDLE_DIR = join(root, 'dist', 'node')

export async function buildServer(outDir = SERVER_BUNDLE_DIR) {
  rmSync(outDir, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts', 'seed-cli': 'server/db/seed-cli.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  })
  // server/db/migrate.ts reads them beside the module that runs it
  cpSync(join(root, 'server', 'db', 'migrations'), join(outDir, 'migrations'), { recursive: true })
  return join(outDir, 'main.mjs')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now()
  const main = await buildServer(process.argv[2] ? join(process.cwd(), process.argv[2]) : SERVER_BUNDLE_DIR)
  console.log(`server bundle: ${main} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
