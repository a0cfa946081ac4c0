// Types of scripts/cluster.mjs for the TypeScript tests that call it (server/cluster/*.test.ts).
export const NGINX_TEMPLATE: string
export interface NginxValues {
  upstreams: string[]
  listen: string[]
  serverName: string
  certificate: string
  certificateKey: string
}
export const DOC_NGINX_VALUES: NginxValues
export function nginxConfig(values: NginxValues): string
export function freePort(): Promise<number>
/** A listening socket held without accepting, passed to a server process as fd 3 (LISTEN_FDS=1). */
export interface HeldListener {
  port: number
  host: string
  fd: number
  readonly open: boolean
  close(): void
}
export function holdListener(port?: number, host?: string): HeldListener
export function rollOver(
  old: import('node:child_process').ChildProcess,
  spawnNext: () => import('node:child_process').ChildProcess,
  listening: (child: import('node:child_process').ChildProcess) => Promise<void>,
): Promise<import('node:child_process').ChildProcess>
export function hasNginx(): boolean
export interface Nginx {
  url: string
  httpsUrl: string
  port: number
  httpsPort: number
  child: import('node:child_process').ChildProcess
  errorLog(): string
  stop(): Promise<void>
}
export function startNginx(options: { upstreams: string[]; dir: string; nginxPort?: number; httpsPort?: number }): Promise<Nginx>

export interface ClusterOptions {
  processes?: number
  pgPort?: number
  nginxPort?: number
  httpsPort?: number
  env?: Record<string, string>
  pgConf?: Record<string, string | number>
  log?: (line: string) => void
  cleanupOnSignals?: boolean
}

export interface Cluster {
  url: string
  httpsUrl: string
  pgUrl: string
  pgPort: number
  dir: string
  ports: { nginx: number; https: number; processes: number[] }
  processUrls: string[]
  readonly pids: (number | null)[]
  nginxPid: number | undefined
  logOf(i: number): string
  alive(i: number): boolean
  killOne(i: number): Promise<void>
  stopOne(i: number): Promise<number | null>
  restartOne(i: number): Promise<number | undefined>
  restartPostgres(options?: { downMs?: number }): Promise<void>
  stopPostgres(): Promise<void>
  startPostgres(): Promise<void>
  stop(): Promise<void>
}

export function start(options?: ClusterOptions): Promise<Cluster>
