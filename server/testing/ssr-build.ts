// A client build with its server entry (ui/server-entry.tsx) for the tests that render first screens
// through it: the newest of dist/ (npm start, npm run build), artifacts/e2e-dist/ (the e2e build) and
// artifacts/ssr-test-dist/ (an earlier run of this helper); without any, one is built into the last.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ssrEntryOf } from '../seo/ssr'

const root = join(import.meta.dirname, '..', '..')

export function ssrBuildDir(): string {
  const out = join(root, 'artifacts', 'ssr-test-dist')
  const candidates = [join(root, 'dist'), join(root, 'artifacts', 'e2e-dist'), out].filter((d) => existsSync(ssrEntryOf(d)) && existsSync(join(d, 'index.html')))
  candidates.sort((a, b) => statSync(ssrEntryOf(b)).mtimeMs - statSync(ssrEntryOf(a)).mtimeMs)
  if (candidates[0]) return candidates[0]
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  for (const args of [['build', '--outDir', out, '--emptyOutDir'], ['build', '--ssr', 'ui/server-entry.tsx', '--outDir', join(out, 'server'), '--emptyOutDir']]) {
    // vitest sets NODE_ENV=test, which would make a dev build (import.meta.env.DEV)
    const r = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'error'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    if (r.status !== 0) throw new Error(`vite ${args.join(' ')} failed`)
  }
  return out
}
