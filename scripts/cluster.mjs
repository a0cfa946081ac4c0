// npm run cluster -- N: the deployment of docs/deploy.md on loopback, for local proof and the load and
// fault benches (issue 30). Starts
//   - a PostgreSQL cluster of its own (Debian's, /usr/lib/postgresql/<newest>/bin; a fresh data directory
//     in a temporary folder, on a free port — the shared 5432 cluster is never touched),
//   - N server processes as `npm start` runs them (the esbuild bundle of server/main.ts, plain node; the
//     client from dist/, built first when missing) on free loopback ports, all started at once on the one
//     database (migrations and seeding take an advisory lock: server/db/migrate.ts), TRUST_PROXY=1; each
//     port's listening socket is held here and passed to its process (LISTEN_FDS, as systemd's socket
//     units do: server/cluster/listen.ts), so a restart hands the same socket to the next process,
//   - Debian's nginx on loopback with docs/deploy.md's configuration, rendered from the one template
//     server/cluster/nginx.conf.template (http on one port, https with a throwaway certificate on another).
// Prints the addresses and waits; Ctrl-C (or SIGTERM) stops everything it started and removes the folder.
//
// Other scripts call start() (the load and fault benches):
//   const c = await start({ processes: 2 })
//   c.url, c.httpsUrl, c.pgUrl, c.pids, c.ports
//   await c.killOne(0)      // kill -9 process 0 (nginx fails over)
//   await c.restartOne(0)   // a new process on the same socket, then SIGTERM (graceful) to the old one, then /readyz
//   await c.restartPostgres()
//   await c.stop()
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
export const NGINX_TEMPLATE = join(root, 'server', 'cluster', 'nginx.conf.template')

/** The production values docs/deploy.md shows (server/cluster/nginx-config.test.ts compares the two). */
export const DOC_NGINX_VALUES = {
  upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'],
  listen: ['443 ssl http2'],
  serverName: 'example.com',
  certificate: '/etc/ssl/certs/example.com.pem',
  certificateKey: '/etc/ssl/private/example.com.key',
}

/**
 * The nginx server configuration (the http block's content) for these upstreams and listeners, from
 * the one template docs/deploy.md shows.
 */
export function nginxConfig({ upstreams, listen, serverName, certificate, certificateKey }) {
  const template = readFileSync(NGINX_TEMPLATE, 'utf8')
  const values = {
    upstreams: upstreams.map((u) => `    server ${u} max_fails=0;`).join('\n'),
    listen: listen.map((l) => `    listen ${l};`).join('\n'),
    server_name: serverName,
    ssl_certificate: certificate,
    ssl_certificate_key: certificateKey,
  }
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`nginx template: unknown {{${name}}}`)
    return values[name]
  })
}

/** A free TCP port on loopback (the kernel's pick). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * A listening socket on host:port (0: a free port) that this process holds without ever accepting on it,
 * as a systemd socket unit does: its `fd` is passed to a server process (spawn's stdio[3], LISTEN_FDS=1:
 * server/cluster/listen.ts), which accepts on it. When that process stops, the socket stays open here, so
 * the connections the kernel completed meanwhile wait for the next process instead of being reset — a
 * reset nginx cannot retry for a POST. close() lets it go (a process that crashed or is stopped for good:
 * its port then refuses at once and nginx goes to the next one).
 *
 * Node has no public call that binds without accepting (net.Server accepts as soon as it listens), so the
 * socket is libuv's TCP handle bound here (never listening here: the first process's listen() makes it a
 * listening socket, and it stays one after that process is gone).
 */
export function holdListener(port = 0, host = '127.0.0.1') {
  const { TCP, constants } = process.binding('tcp_wrap')
  const handle = new TCP(constants.SERVER)
  const err = handle.bind(host, port)
  if (err) {
    handle.close()
    throw new Error(`cannot bind ${host}:${port} (${err})`)
  }
  const address = {}
  handle.getsockname(address)
  let open = true
  return {
    port: address.port,
    host,
    fd: handle.fd,
    get open() {
      return open
    },
    close() {
      if (!open) return
      open = false
      handle.close()
    },
  }
}

/**
 * A process replaced by the next one on the same held socket with nothing lost: `spawnNext()` starts
 * the new process, `listening(child)` resolves once it accepts; only then is the old one sent SIGTERM
 * (server/cluster/shutdown.ts: it stops accepting, answers what it holds with `Connection: close`,
 * exits). Resolves with the new process once the old one has exited.
 */
export async function rollOver(old, spawnNext, listening) {
  const next = spawnNext()
  await listening(next)
  if (old.exitCode === null && old.signalCode === null) {
    const exited = once(old, 'exit')
    old.kill('SIGTERM')
    await exited
  }
  return next
}

function pgBin(name) {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (Debian)')
  const version = readdirSync(base).sort((a, b) => Number(a) - Number(b)).at(-1)
  return join(base, version, 'bin', name)
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Runs a PostgreSQL tool as the postgres user (initdb and postgres refuse root). */
function asPostgres(cmd, args, options = {}) {
  const [c, a] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]
  const r = spawnSync(c, a, { encoding: 'utf8', ...options })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal}):\n${r.stdout ?? ''}${r.stderr ?? ''}`)
  return r.stdout
}

class Fatal extends Error {}

/** The same, without stopping this process's event loop meanwhile (a load generator keeps running). */
function asPostgresAsync(cmd, args) {
  const [c, a] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]
  return new Promise((resolve, reject) => {
    const child = spawn(c, a, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${out}`))))
  })
}

async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs
  let last
  while (Date.now() < until) {
    try {
      if (await check()) return
    } catch (error) {
      if (error instanceof Fatal) throw new Error(`${what}: ${error.message}`, { cause: error })
      last = error
    }
    await sleep(100)
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s${last ? ` (${last.message})` : ''}`)
}

async function ready(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) })
  await res.arrayBuffer()
  return res.status === 200
}

/** The client and its server renderer in dist/, built as `npm start` builds them when missing. */
function ensureClient(log) {
  if (existsSync(join(root, 'dist', 'index.html')) && existsSync(join(root, 'dist', 'server', 'server-entry.js'))) return
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  log('building the client (dist/, about a minute)…')
  for (const extra of [[], ['--ssr', 'ui/server-entry.tsx', '--outDir', 'dist/server']]) {
    const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error', ...extra], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) throw new Error('client build failed')
  }
}

const tail = (file, lines = 30) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

const nginxBin = () => (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx')
/** Whether Debian's nginx is installed (apt-get install -y nginx-light). */
export const hasNginx = () => spawnSync(nginxBin(), ['-v'], { encoding: 'utf8' }).status === 0

/**
 * Debian's nginx on loopback in front of `upstreams` with the template's configuration: http on
 * `nginxPort`, https on `httpsPort` with a throwaway self-signed certificate (both free ports by
 * default), its files in `dir`. Resolves once it answers; stop() ends it (SIGQUIT: graceful).
 */
export async function startNginx({ upstreams, dir, nginxPort, httpsPort }) {
  const port = nginxPort ?? (await freePort())
  const tlsPort = httpsPort ?? (await freePort())
  const nginxDir = join(dir, 'nginx')
  mkdirSync(nginxDir, { recursive: true })
  const cert = join(nginxDir, 'localhost.pem')
  const key = join(nginxDir, 'localhost.key')
  const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost'], { encoding: 'utf8' })
  if (ssl.status !== 0) throw new Error(`openssl: ${ssl.stderr}`)
  writeFileSync(join(nginxDir, 'gmh.conf'), nginxConfig({ upstreams, listen: [`127.0.0.1:${port}`, `127.0.0.1:${tlsPort} ssl`], serverName: 'localhost', certificate: cert, certificateKey: key }))
  const temp = (name) => `${name}_temp_path ${join(nginxDir, name)};`
  const errorLog = join(nginxDir, 'error.log')
  const conf = join(nginxDir, 'nginx.conf')
  writeFileSync(
    conf,
    [
      ...(isRoot ? ['user root root;'] : []),
      'worker_processes auto;',
      `pid ${join(nginxDir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '    access_log off;',
      `    ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `    include ${join(nginxDir, 'gmh.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  const test = spawnSync(nginxBin(), ['-t', '-q', '-p', nginxDir, '-c', conf], { encoding: 'utf8' })
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`)
  const child = spawn(nginxBin(), ['-p', nginxDir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', openSync(errorLog, 'a'), openSync(errorLog, 'a')] })
  const url = `http://127.0.0.1:${port}`
  const gone = () => child.exitCode !== null || child.signalCode !== null
  try {
    await waitFor(
      'nginx',
      async () => {
        if (gone()) throw new Fatal(tail(errorLog))
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) })
        await res.arrayBuffer()
        return true
      },
      20_000,
    )
  } catch (error) {
    if (!gone()) child.kill('SIGKILL')
    throw error
  }
  return {
    url,
    httpsUrl: `https://localhost:${tlsPort}`,
    port,
    httpsPort: tlsPort,
    child,
    errorLog: () => tail(errorLog, 100),
    async stop() {
      if (gone()) return
      child.kill('SIGQUIT')
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(5000)])
      if (!gone()) child.kill('SIGKILL')
    },
  }
}

/**
 * Starts PostgreSQL, `processes` server processes and nginx. Options:
 *   processes   number of server processes (default 2)
 *   pgPort      PostgreSQL's port (default: a free one)
 *   nginxPort   nginx's http port (default: a free one); httpsPort likewise
 *   env         extra environment for every server process
 *   pgConf      extra PostgreSQL settings, e.g. { max_connections: 200 }
 *   log         progress lines (default console.log; pass () => {} for silence)
 *   cleanupOnSignals  on SIGINT/SIGTERM of the caller: kill everything started and exit (default true)
 */
export async function start(options = {}) {
  const n = options.processes ?? 2
  if (!Number.isInteger(n) || n < 1 || n > 32) throw new Error(`processes must be 1…32, got ${n}`)
  const log = options.log ?? ((line) => console.log(line))
  const dir = mkdtempSync(join(tmpdir(), 'gmh-cluster-'))
  chmodSync(dir, 0o755)
  const children = new Set()
  const cleanups = []
  let pgRunning = false
  const pgData = join(dir, 'pg')
  const pgLog = join(dir, 'postgres.log')

  const stopPgSync = () => {
    if (!pgRunning) return
    pgRunning = false
    try {
      asPostgres(pgBin('pg_ctl'), ['-D', pgData, '-m', 'fast', '-w', 'stop'])
    } catch {
      // already gone
    }
  }
  // a crash or Ctrl-C of the caller leaves nothing running
  const onExit = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    stopPgSync()
    rmSync(dir, { recursive: true, force: true })
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
  // …and so does a SIGINT or SIGTERM while the cluster runs (the CLI below stops it gracefully instead)
  const onSignal = (signal) => {
    onExit()
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15))
  }
  const cleanupOnSignals = options.cleanupOnSignals ?? true
  const watch = (on) => {
    process[on ? 'on' : 'off']('exit', onExit)
    if (cleanupOnSignals) for (const signal of ['SIGINT', 'SIGTERM']) process[on ? 'on' : 'off'](signal, onSignal)
  }
  watch(true)

  try {
    // --- PostgreSQL ---------------------------------------------------------------------------------
    const pgPort = options.pgPort ?? (await freePort())
    mkdirSync(pgData)
    const socketDir = join(dir, 'pg-socket')
    mkdirSync(socketDir)
    if (isRoot) {
      const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
      const gw = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
      chownSync(pgData, Number(pw.stdout), Number(gw.stdout))
      chownSync(socketDir, Number(pw.stdout), Number(gw.stdout))
      writeFileSync(pgLog, '')
      chownSync(pgLog, Number(pw.stdout), Number(gw.stdout))
    }
    let t = Date.now()
    asPostgres(pgBin('initdb'), ['-D', pgData, '-U', 'gmh', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'])
    const conf = {
      listen_addresses: "'127.0.0.1'",
      port: pgPort,
      unix_socket_directories: `'${socketDir}'`,
      // 10 per server process (server/db/db.ts) + psql, backups, the benches' own checks
      max_connections: 10 * n + 20,
      ...options.pgConf,
    }
    writeFileSync(join(pgData, 'postgresql.auto.conf'), Object.entries(conf).map(([k, v]) => `${k} = ${v}`).join('\n') + '\n')
    const startPg = () => {
      asPostgres(pgBin('pg_ctl'), ['-D', pgData, '-l', pgLog, '-w', '-t', '60', 'start'])
      pgRunning = true
    }
    const startPgAsync = async () => {
      await asPostgresAsync(pgBin('pg_ctl'), ['-D', pgData, '-l', pgLog, '-w', '-t', '60', 'start'])
      pgRunning = true
    }
    const stopPgAsync = async () => {
      if (!pgRunning) return
      await asPostgresAsync(pgBin('pg_ctl'), ['-D', pgData, '-m', 'fast', '-w', 'stop'])
      pgRunning = false
    }
    startPg()
    const pgUrl = `postgres://gmh@127.0.0.1:${pgPort}/gmh`
    asPostgres(pgBin('psql'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'gmh', '-d', 'postgres', '-qc', 'CREATE DATABASE gmh'])
    log(`postgresql: ${pgUrl} (${((Date.now() - t) / 1000).toFixed(1)} s)`)

    // --- the server, as npm start runs it ------------------------------------------------------------
    ensureClient(log)
    const { buildServer } = await import('./build-server.mjs')
    // beside the repository's node_modules (the bundle leaves packages external), one folder per cluster
    const bundleDir = join(root, 'node_modules', '.cache', `gmh-cluster-${process.pid}-${Date.now()}`)
    cleanups.push(() => rmSync(bundleDir, { recursive: true, force: true }))
    const entry = await buildServer(bundleDir)
    // each process's port: a socket held here for the cluster's life (holdListener), passed to its process
    const held = []
    for (let i = 0; i < n; i++) held.push(holdListener())
    cleanups.push(() => held.forEach((h) => h.close()))
    const ports = held.map((h) => h.port)
    const dataDir = join(dir, 'data')
    mkdirSync(dataDir)
    const procs = []
    // what every process must sign and check alike (a quote's user token, a chat UserSig), one per cluster
    const shared = { PAY_SIGN_SECRET: randomBytes(32).toString('hex'), LOCAL_CHAT_SECRET: randomBytes(32).toString('hex') }
    const logFile = (i) => join(dir, `server-${i}.log`)
    const spawnServer = (i) => {
      // a port let go (the process crashed or was stopped for good) is bound again for its next process
      if (!held[i].open) held[i] = holdListener(ports[i])
      const out = openSync(logFile(i), 'a')
      const child = spawn(process.execPath, [entry], {
        cwd: root,
        stdio: ['ignore', out, out, held[i].fd],
        env: {
          ...process.env,
          ...shared,
          ...options.env,
          PORT: String(ports[i]),
          // the held socket is fd 3 (systemd's protocol: server/cluster/listen.ts)
          LISTEN_FDS: '1',
          DATABASE_URL: pgUrl,
          TRUST_PROXY: '1',
          STATIC_DIR: join(root, 'dist'),
          // uploads on the local storage default: one folder for every process
          DATA_DIR: dataDir,
        },
      })
      children.add(child)
      child.on('exit', () => {
        children.delete(child)
        // the port's process gone without a successor (a crash): the socket is let go, so its port
        // refuses and nginx sends on to the other processes, instead of connections waiting for nobody
        if (procs[i] === child) held[i].close()
      })
      procs[i] = child
      return child
    }
    /** resolves once `child` (process i) accepts: its startup line (server/mode.ts startupLine) in its log after `from` bytes */
    const listening = (i, child, from) =>
      waitFor(
        `server process ${i}`,
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) throw new Fatal(`exited (${child.exitCode ?? child.signalCode}):\n${tail(logFile(i))}`)
          return readFileSync(logFile(i)).subarray(from).toString('utf8').includes('listening on ')
        },
        180_000,
      )
    const processUrl = (i) => `http://127.0.0.1:${ports[i]}`
    const waitReady = async (i) => {
      const child = procs[i]
      await waitFor(
        `server process ${i}`,
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) throw new Fatal(`exited (${child.exitCode ?? child.signalCode}):\n${tail(logFile(i))}`)
          return ready(`${processUrl(i)}/readyz`)
        },
        180_000,
      )
    }
    t = Date.now()
    // all at once: the first migrates and seeds, the others wait on its advisory lock
    for (let i = 0; i < n; i++) spawnServer(i)
    await Promise.all(procs.map((_, i) => waitReady(i)))
    log(`${n} server process${n > 1 ? 'es' : ''} ready on ${ports.map((p) => `127.0.0.1:${p}`).join(', ')} (${((Date.now() - t) / 1000).toFixed(1)} s)`)

    // --- nginx ----------------------------------------------------------------------------------------
    const nginx = await startNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`), dir, nginxPort: options.nginxPort, httpsPort: options.httpsPort })
    children.add(nginx.child)
    nginx.child.on('exit', () => children.delete(nginx.child))
    const { url, httpsUrl, port: nginxPort, httpsPort } = nginx
    log(`nginx: ${url} and ${httpsUrl} (self-signed) → ${n} process${n > 1 ? 'es' : ''}`)

    const alive = (i) => procs[i] && procs[i].exitCode === null && procs[i].signalCode === null
    const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)))
    let stopped = false
    const cluster = {
      url,
      httpsUrl,
      pgUrl,
      pgPort,
      dir,
      ports: { nginx: nginxPort, https: httpsPort, processes: [...ports] },
      /** each server process's own address (bypassing nginx) */
      processUrls: ports.map((_, i) => processUrl(i)),
      get pids() {
        return procs.map((p) => (alive(procs.indexOf(p)) ? p.pid : null))
      },
      nginxPid: nginx.child.pid,
      /** the last lines a server process printed */
      logOf: (i) => tail(join(dir, `server-${i}.log`), 200),
      alive,
      /** kill -9 server process i; resolves once it is gone (its port then refuses: nginx fails over) */
      async killOne(i) {
        const child = procs[i]
        if (!alive(i)) return
        held[i].close()
        child.kill('SIGKILL')
        await exited(child)
      },
      /**
       * SIGTERM server process i for good (graceful: it finishes what is in flight); resolves with its exit
       * code. Its port's socket is let go first, so the port refuses once the process closes it — still,
       * connections the kernel completed just before are reset: take a process out of nginx's upstream
       * before stopping it for good, and use restartOne for a restart.
       */
      async stopOne(i) {
        const child = procs[i]
        held[i].close()
        if (alive(i)) child.kill('SIGTERM')
        await exited(child)
        return child.exitCode
      },
      /**
       * Restarts process i with nothing lost (rollOver): a new process on the same held socket, and once it
       * accepts, SIGTERM to the old one; resolves when the old one has exited and /readyz answers 200. A
       * process that is not running (killed) is simply started again.
       */
      async restartOne(i) {
        if (alive(i)) {
          const from = statSync(logFile(i)).size
          await rollOver(procs[i], () => spawnServer(i), (child) => listening(i, child, from))
        } else spawnServer(i)
        await waitReady(i)
        return procs[i].pid
      },
      /** PostgreSQL stopped (fast: open sessions are ended) and started again on the same port and data */
      async restartPostgres({ downMs = 0 } = {}) {
        await stopPgAsync()
        if (downMs) await sleep(downMs)
        await startPgAsync()
      },
      /** PostgreSQL stopped (fast); pg_ctl runs beside this process's event loop, which keeps going */
      stopPostgres: stopPgAsync,
      startPostgres: startPgAsync,
      /** everything down: the servers gracefully (SIGTERM), nginx, PostgreSQL; the folder removed */
      async stop() {
        if (stopped) return
        stopped = true
        await Promise.all(procs.map((_, i) => cluster.stopOne(i)))
        await nginx.stop()
        stopPgSync()
        watch(false)
        onExit()
      },
    }
    return cluster
  } catch (error) {
    watch(false)
    onExit()
    throw error
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const n = Number(process.argv[2] ?? 2)
  // Ctrl-C or SIGTERM: everything started is stopped and the folder removed (start()'s own handlers)
  const cluster = await start({ processes: n }).catch((error) => {
    console.error(error.message)
    process.exit(1)
  })
  console.log(`\n港美汇 behind nginx: ${cluster.url} (https: ${cluster.httpsUrl}); processes ${cluster.pids.join(', ')}; PostgreSQL ${cluster.pgUrl}`)
  console.log('Ctrl-C stops everything.')
}
