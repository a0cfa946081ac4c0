// Figure: which run-time compression to use (server/http/compression.ts). Fetches a typical API
// answer (the home feed) and the home HTML with its inlined data from the real server without
// compression, then times gzip and brotli at fast levels on them in this process: time per KB
// against bytes saved.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { table } from './lib/format.mjs'

export const id = 'compression-levels'
export const name = 'run-time compression levels'

const CANDIDATES = [
  ['gzip 1', (b) => gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => gzipSync(b, { level: 6 })],
  ['brotli 1', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })],
  ['brotli 4', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
  ['brotli 5', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })],
]

export function timeIt(fn, input, minMs = 300) {
  let n = 0
  let out
  const t0 = process.hrtime.bigint()
  let elapsed = 0
  while (elapsed < minMs || n < 20) {
    out = fn(input)
    n++
    elapsed = Number(process.hrtime.bigint() - t0) / 1e6
  }
  return { ms: elapsed / n, bytes: out.byteLength }
}

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const samples = [
    ['home feed JSON', '/api/channels/home/articles/v8', {}],
    ['home HTML', '/', { accept: 'text/html' }],
  ]
  const summary = []
  for (const [label, path, headers] of samples) {
    const res = await fetch(server.url + path, { headers: { ...headers, 'accept-encoding': 'identity' } })
    const body = Buffer.from(await res.arrayBuffer())
    const rows = CANDIDATES.map(([cname, fn]) => {
      const r = timeIt(fn, body)
      return { cname, ...r, perKb: r.ms / (body.byteLength / 1000), saved: 1 - r.bytes / body.byteLength }
    })
    log(`${label} (${path}): ${body.byteLength} bytes`)
    log(table(['codec', 'bytes', 'saved', 'ms', 'ms per KB'], rows.map((r) => [r.cname, String(r.bytes), `${(r.saved * 100).toFixed(1)} %`, r.ms.toFixed(3), r.perKb.toFixed(4)]), { align: ['left', 'right', 'right', 'right', 'right'] }))
    const g1 = rows.find((r) => r.cname === 'gzip 1')
    const b4 = rows.find((r) => r.cname === 'brotli 4')
    summary.push([`${label}: gzip 1 vs brotli 4`, `${g1.bytes} / ${b4.bytes} B`, `${g1.ms.toFixed(3)} / ${b4.ms.toFixed(3)} ms of ${body.byteLength} B`])
  }
  return { summary }
}
