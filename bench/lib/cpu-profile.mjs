// Reading a V8 .cpuprofile (node --cpu-prof): the frames that spent the most time themselves (self time),
// and the same grouped by package or our own source folder, as printed tables.
import { table } from './format.mjs'

/** The monotonic clock V8 stamps profiles with (µs), read in another process on the same machine. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n)

function selfTimes(profile, window) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const hits = new Map()
  const { samples = [], timeDeltas = [] } = profile
  let t = profile.startTime
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i] ?? 0
    if (window && (t < window[0] || t > window[1])) continue
    hits.set(samples[i], (hits.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0))
  }
  const total = [...hits.values()].reduce((a, b) => a + b, 0) || 1
  return { byId, hits, total }
}

/** Where a frame's code lives: a package name, our folder (server/http), node's own, or V8's. */
export function placeOf(url) {
  if (!url) return '(V8 / native)'
  if (url.startsWith('node:')) return url.replace(/^node:/, 'node:').split('/')[0]
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  const ours = /\/(server|core|bench|dist\/node|dist\/server)\/(.*)$/.exec(url)
  if (ours) return ours[1] === 'dist' ? ours[0] : `${ours[1]}/${ours[2].split('/')[0]}`
  return url.split('/').slice(-2).join('/')
}

/** The top `n` frames by self time, and the top places (packages, folders), as text; `window`: [from, to] µs of monotonicMicros(). */
export function topFrames(profile, n = 20, window = null) {
  const { byId, hits, total } = selfTimes(profile, window)
  const frames = new Map()
  const places = new Map()
  for (const [id, us] of hits) {
    const node = byId.get(id)
    const cf = node.callFrame
    const file = cf.url ? cf.url.split('/').slice(-2).join('/') : ''
    const key = `${cf.functionName || '(anonymous)'} ${file}${cf.url ? `:${cf.lineNumber + 1}` : ''}`
    frames.set(key, (frames.get(key) ?? 0) + us)
    const place = placeOf(cf.url)
    places.set(place, (places.get(place) ?? 0) + us)
  }
  const pct = (us) => `${((us / total) * 100).toFixed(1)} %`
  const top = [...frames].sort((a, b) => b[1] - a[1]).slice(0, n)
  const topPlaces = [...places].sort((a, b) => b[1] - a[1]).slice(0, 12)
  return [
    table(['self', 'frame'], top.map(([k, us]) => [pct(us), k]), { align: ['right', 'left'] }),
    '',
    table(['self', 'where'], topPlaces.map(([k, us]) => [pct(us), k]), { align: ['right', 'left'] }),
  ].join('\n')
}
