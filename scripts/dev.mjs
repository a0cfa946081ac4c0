// npm run dev: the API server on PORT_API (default 8081, restarted on change) and Vite's dev server,
// which proxies /api, /s/, /covers and /avatars to it (vite.config.ts).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const apiPort = process.env.PORT_API || '8081'

const tsxCli = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')
const viteCli = join(root, 'node_modules', 'vite', 'bin', 'vite.js')

const children = [
  spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  existsSync(viteCli)
    ? spawn(process.execPath, [viteCli], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT_API: apiPort } })
    : spawn('npx', ['vite'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT_API: apiPort } }),
]

let exiting = false
function stopAll(signal) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    exiting = true
    stopAll(signal)
  })
}
for (const child of children) {
  child.on('exit', (code) => {
    // one of them stopped: stop the other too, and leave with its code
    if (!exiting) {
      exiting = true
      stopAll('SIGTERM')
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0)
  })
}
