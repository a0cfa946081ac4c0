// Figure: resident memory of the real server: right after start (recorded by scripts/bench.mjs
// before any figure ran), now (after the figures before this one), and after a mixed read load
// over many distinct URLs (articles, stocks, charts, feeds) for BENCH_DURATION seconds.
// Goals (printed, never asserted): ≤ 300 MB after start, ≤ 500 MB after load.
import autocannon from 'autocannon'
import { rssOf } from './lib/session.mjs'

export const id = 'server-memory'
export const name = 'server memory'

const MB = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`
const START_GOAL = 300e6
const LOAD_GOAL = 500e6

/** Paths read by the mixed load: feeds, many articles and many stocks' quotes and charts. */
export async function mixedPaths(baseUrl) {
  const paths = ['/', '/api/channels/home/articles/v8', '/api/channels/v3', '/api/news/list/v2?page=1&limit=20', '/api/live-channels/all/lives?limit=20', '/hq/hk/boards/v1']
  const feed = await (await fetch(`${baseUrl}/api/news/list/v2?page=1&limit=50`)).json().catch(() => null)
  for (const a of feed?.result?.list ?? feed?.result ?? []) if (a?.id !== undefined) paths.push(`/api/news/${a.id}/v3`)
  const stocks = ['hk00700', 'hk09988', 'hk00005', 'usAAPL', 'usTSLA', 'usNVDA', 'hk03690', 'hk01810']
  for (const s of stocks) {
    const market = s.slice(0, 2)
    const code = s.slice(2)
    paths.push(`/hq/${market}/quote-info/${code}/v2`, `/hq/${market}/minute-line/${code}/v2`, `/hq/${market}/kline/day/${code}/v2`)
  }
  return paths
}

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const pid = server.child.pid
  const before = await rssOf(pid)
  const paths = await mixedPaths(server.url)
  let i = 0
  const r = await autocannon({
    url: server.url,
    connections: 20,
    duration: ctx.durationSeconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length], headers: { ...req.headers, 'accept-encoding': 'gzip, br', accept: 'text/html,application/json' } }) }],
  })
  const after = await rssOf(pid)
  const atStart = ctx.rssAfterStart
  log(`RSS of the server (pid ${pid}): after start ${atStart ? MB(atStart) : '?'}, after the earlier figures ${MB(before)}, after ${ctx.durationSeconds} s of mixed reads over ${paths.length} URLs (${r.requests.total} requests, non-2xx ${r.non2xx}) ${MB(after)}`)
  return {
    summary: [
      ['RSS after start', atStart ? MB(atStart) : '?', `goal ≤ ${MB(START_GOAL)}${atStart > START_GOAL ? ' (missed)' : ''}`],
      ['RSS after load', MB(Math.max(before, after)), `goal ≤ ${MB(LOAD_GOAL)}${Math.max(before, after) > LOAD_GOAL ? ' (missed)' : ''}; ${paths.length} URLs mixed`],
    ],
  }
}
