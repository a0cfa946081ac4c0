import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './lib/processes.mjs'
const dataDir = await mkdtemp(join(tmpdir(), 'diag-'))
const server = await startServer({ name: 's', args: ['--import', 'tsx', 'server/main.ts'], port: 38811, env: { DATA_DIR: dataDir }, timeoutMs: 300000 })
console.log('up', server.url)
setInterval(() => {}, 1e6)
