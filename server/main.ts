// Starts the server: PORT (default 8080), DATA_DIR (default ./.data), DATABASE_URL (postgres://… for PostgreSQL).
// Two modes (server/mode.ts): local (default; binds 127.0.0.1, sandboxes for loopback only) and
// production (NODE_ENV=production; HOST, default 127.0.0.1; refuses to start without real adapters).
// Prints one line when listening; nothing else but errors.
import { createApp, fastPathOf } from './app'
import { startRefundSweep } from './membership/routes'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDbFromEnv, pgliteDir, SERVER_PID_FILE, usesPglite, type Db } from './db/db'
import { migrate, MIGRATIONS_DIR, SEED_LOCK_KEY, withAdvisoryLock } from './db/migrate'
import { seedCodeHash, seededBy } from './db/seed-stamp'
import { seed } from './db/seed'
import { modeOf, productionRefusal, startupLine } from './mode'
import { accountSandboxes, PORT_ENV, selectPortKinds } from './accounts/ports'
import { storageRefusal } from './storage/select-storage'
import { marketFeedRefusal } from './market/select-market-feed'
import { CHAT_PRODUCTION_NEEDS, chatConfig } from './chat/config'
import { attachChatSocket } from './chat/socket'
import { chatServiceFor } from './chat/service'
import { PAY_ENV } from './membership/pay-port'
import { controllableClock } from './clock-sandbox'
import { wecomKind, wecomRefusal } from './wecom/select-wecom'
import { STREAMING_PRODUCTION_NEEDS, streamingKind } from './streaming/select-streaming'
import { BALANCER_IDLE_GRACE_MS, gracefulStop } from './cluster/shutdown'
import { listen } from './cluster/listen'
import { postgresBus } from './cluster/bus'
import { ChatPeers } from './cluster/chat-peers'

async function main(): Promise<void> {
  const port = Number(process.env.PORT || 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`)
  const env = process.env
  const mode = modeOf(env)
  // fail closed: production with any sandbox left in place does not start (one line names what is missing)
  // market data (issue 24): production needs a feed or MARKET_DEMO=1; a feed named without its key refuses in either mode
  const refusal = (mode === 'production' ? (productionRefusal({ ...PORT_ENV, ...CHAT_PRODUCTION_NEEDS, ...PAY_ENV, ...STREAMING_PRODUCTION_NEEDS }, env) ?? storageRefusal(env) ?? wecomRefusal(env)) : null) ?? marketFeedRefusal(env)
  if (refusal) {
    console.error(refusal)
    process.exit(1)
  }
  // a half-configured WeCom or live-streaming service stops here with the missing names (server/wecom/select-wecom.ts, server/streaming/select-streaming.ts)
  const sandboxes =
    mode === 'local'
      ? [...accountSandboxes(selectPortKinds(env)), 'WeChat Pay', ...(wecomKind(env) === 'sandbox' ? ['WeCom'] : []), ...(streamingKind(env) === 'local' ? ['live streaming'] : []), 'clock']
      : []
  // the clock sandbox (server/clock-sandbox.ts) exists only in the local mode; production runs on Date.now
  const clockControl = mode === 'local' ? controllableClock() : undefined
  const hostname = mode === 'production' ? env.HOST || '127.0.0.1' : '127.0.0.1'
  let db: Db
  if (usesPglite(env)) {
    // PGlite's heap grows while migrating and seeding and never shrinks: both run in a process of their
    // own (server/db/seed-cli.ts) that takes that memory with it; this one then opens the seeded directory
    // from the sources under tsx, or beside this module in the bundle `npm start` runs (scripts/build-server.mjs)
    const bundled = import.meta.url.endsWith('.mjs')
    const cli = fileURLToPath(new URL(bundled ? './seed-cli.mjs' : './db/seed-cli.ts', import.meta.url))
    // …unless this very seeding code already did (server/db/seed-stamp.ts: ~2.3 s of CPU a start)
    if (!(bundled && seededBy(pgliteDir(env), seedCodeHash(cli, MIGRATIONS_DIR)))) {
      const child = spawnSync(process.execPath, [...(bundled ? [] : ['--import', 'tsx']), cli, pgliteDir(env)], { stdio: 'inherit' })
      if (child.status !== 0) throw new Error(`migrating and seeding ${pgliteDir(env)} failed (exit ${child.status ?? child.signal})`)
    }
    db = await openDbFromEnv(env)
    // PGlite's own postmaster.pid names no real process: ours tells `npm run backup`/`restore` the directory is held
    const pidFile = join(pgliteDir(env), SERVER_PID_FILE)
    writeFileSync(pidFile, `${process.pid}\n`)
    process.on('exit', () => rmSync(pidFile, { force: true }))
  } else {
    db = await openDbFromEnv(env)
    // N processes started together on one PostgreSQL: each migration applied once (migrate's own lock),
    // and one seeds while the others wait, then find the seed recorded (server/cluster/migrate-lock.test.ts)
    await migrate(db)
    await withAdvisoryLock(db, SEED_LOCK_KEY, () => seed(db))
  }
  // set on SIGTERM/SIGINT: /readyz answers 503 draining from then on
  let stopping = false
  const app = createApp({ db, clock: clockControl?.now, clockControl, staticDir: process.env.STATIC_DIR || './dist', draining: () => stopping })
  // on the socket a supervisor holds across restarts (LISTEN_FDS: systemd, scripts/cluster.mjs), else on PORT
  const server = listen(app.fetch, { hostname, port, env, fastPath: fastPathOf(app) }, (info) => {
    console.log(startupLine(mode, `http://${hostname}:${info.port}`, sandboxes))
  })
  // the local messaging relay (issue 14): only when no real messaging service is configured
  const chat = chatConfig(env)
  // on the app's clock: a UserSig signed after the clock sandbox moved on is checked against the same time
  const now = clockControl?.now ?? Date.now
  const chatService = chatServiceFor(db, now)
  const chatSockets = chat.service === 'local' && mode === 'local' ? attachChatSocket(server as unknown as import('node:http').Server, chatService, chat.key, now) : undefined
  // several processes on one PostgreSQL: a push made here reaches the sockets other processes hold (LISTEN/NOTIFY)
  const bus = chatSockets && db.kind === 'postgres' ? postgresBus(env.DATABASE_URL!) : undefined
  const chatPeers = bus ? new ChatPeers(bus, chatService) : undefined
  if (chatPeers) {
    chatService.usePeers(chatPeers)
    await chatPeers.start()
  }
  // refunds the pay service did not take at once are asked again every minute (issue 23)
  const stopRefundSweep = startRefundSweep(db)
  server.on('error', (error) => {
    console.error(error.message)
    void db.close().finally(() => process.exit(1))
  })

  // SIGTERM: stop accepting, answer what is in flight (at most SHUTDOWN_BOUND_MS), close the database, exit 0
  const graceful = gracefulStop(server as unknown as import('node:http').Server, {
    endLongLived: () => chatSockets?.clients.forEach((ws) => ws.close(1001, 'server restarting')),
    // behind a balancer its pooled connections are let go by the balancer first (no reset it cannot retry)
    idleGraceMs: process.env.TRUST_PROXY === '1' ? BALANCER_IDLE_GRACE_MS : 0,
    close: async () => {
      stopRefundSweep()
      chatSockets?.close()
      await chatPeers?.stop()
      await bus?.close()
      await db.close()
    },
  })
  const stop = () => {
    stopping = true
    void graceful.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
