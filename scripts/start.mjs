// npm start: build the client when it is missing or older than its sources, bundle the server, then run it.
// Prints a line per build step it takes (the first start builds for about a minute: a newcomer sees
// progress, not silence), errors, and the server's 'listening on …' line.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE_DIRS = ['ui', 'core', 'adapters']
const SOURCE_FILES = ['index.html', 'vite.config.ts']

/** Newest mtime (ms) of the client's sources; tests do not go into the bundle. */
function newestSource() {
  let newest = 0
  const visit = (path) => {
    let entries
    try {
      entries = readdirSync(path, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const full = join(path, entry.name)
      if (entry.isDirectory()) visit(full)
      else if (entry.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs)
    }
  }
  for (const dir of SOURCE_DIRS) visit(join(root, dir))
  for (const file of SOURCE_FILES) {
    const full = join(root, file)
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs)
  }
  return newest
}

function needsBuild() {
  const index = join(root, 'dist', 'index.html')
  if (!existsSync(index) || !existsSync(join(root, 'dist', 'server', 'server-entry.js'))) return true
  return statSync(index).mtimeMs < newestSource()
}

const step = (what) => {
  const started = Date.now()
  process.stdout.write(`${what}…\n`)
  return () => process.stdout.write(`${what}: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}

if (needsBuild()) {
  const localVite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const [cmd, args] = existsSync(localVite)
    ? [process.execPath, [localVite, 'build', '--logLevel', 'error']]
    : ['npx', ['vite', 'build', '--logLevel', 'error']]
  let done = step('building the client (dist/; the first start takes about a minute, later ones only when ui/ or core/ changed)')
  const build = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    console.error('client build failed')
    process.exit(build.status ?? 1)
  }
  done()
  done = step('building the server renderer (dist/server/)')
  // the server renderer of reading pages (ui/server-entry.tsx → dist/server/, loaded by server/seo/ssr.ts)
  const ssr = spawnSync(cmd, [...args, '--ssr', 'ui/server-entry.tsx', '--outDir', 'dist/server'], { cwd: root, stdio: 'inherit' })
  if (ssr.status !== 0) {
    console.error('server renderer build failed')
    process.exit(ssr.status ?? 1)
  }
  done()
}

// the server itself, bundled each time (esbuild, ~0.1 s): run by plain node, never stale (scripts/build-server.mjs)
const { buildServer } = await import('./build-server.mjs')
const entry = await buildServer()
const server = spawn(process.execPath, [entry], { cwd: root, stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal)
  })
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1))
})
