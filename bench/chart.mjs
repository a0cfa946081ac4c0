// Figure: the market charts (ui/market/chart-core.ts on uPlot) in headless Chromium — time to draw 1,000
// and 10,000 candles with volume, time per live tick (update the last bar or append one, then redraw),
// and the chart code's size (chart-core + uPlot, minified, gzip). Goals (printed, not asserted):
// 1,000 candles < 16 ms, a tick < 4 ms.
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { kb } from './lib/format.mjs'

export const id = 'chart'
export const name = 'market charts'

const ROUNDS = 7
const TICKS = 200

async function bundle(root) {
  const out = await build({
    stdin: {
      contents: `export { createCandleChart, createMinuteChart } from './ui/market/chart-core.ts'`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'Charts',
    write: false,
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  })
  return out.outputFiles[0].text
}

/** Runs inside the page: draws `n` candles ROUNDS times (median), then TICKS ticks on a 1,000-candle chart. */
async function measure({ n, rounds, ticks }) {
  // uPlot commits (draws) in a microtask: one queued after it resolves once the canvas is painted
  const painted = () => new Promise((resolve) => queueMicrotask(resolve))
  const bars = []
  let p = 10000
  for (let i = 0; i < n; i++) {
    const o = p
    p = Math.max(100, Math.round(p * (1 + (Math.sin(i * 12.9898) * 43758.5453 % 1) * 0.02)))
    bars.push({ time: 1_600_000_000 + i * 86400, open: o, high: Math.max(o, p) + 20, low: Math.min(o, p) - 20, close: p, volume: 1000 + (i % 97) * 50 })
  }
  const opts = {
    width: 1100, height: 360,
    colours: { up: '#e02020', down: '#00a870', line: '#2f6fde', avg: '#f0a020', grid: '#eee', text: '#888' },
    formatTime: (t) => new Date(t * 1000).toISOString().slice(0, 10),
    formatPrice: (c) => (c / 100).toFixed(2),
  }
  const times = []
  for (let r = 0; r < rounds; r++) {
    const el = document.createElement('div')
    document.body.appendChild(el)
    const t0 = performance.now()
    const chart = window.Charts.createCandleChart(el, bars, opts)
    await painted()
    times.push(performance.now() - t0)
    if (r === 0) {
      // sanity: the plot area has coloured pixels (the candles were really drawn)
      const cv = el.querySelector('canvas')
      const px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data
      let coloured = 0
      for (let i = 0; i < px.length; i += 4) if (px[i] > 200 && px[i + 1] < 80) coloured++
      if (coloured < 100) throw new Error(`no candles drawn (${coloured} red pixels)`)
    }
    chart.destroy()
    el.remove()
  }
  times.sort((a, b) => a - b)
  let tick = null
  if (ticks > 0) {
    const el = document.createElement('div')
    document.body.appendChild(el)
    const chart = window.Charts.createCandleChart(el, bars, opts)
    await painted()
    const last = bars[bars.length - 1]
    const t0 = performance.now()
    for (let i = 0; i < ticks; i++) {
      // half the ticks update the last bar, half append a new one
      const time = last.time + Math.floor(i / 2) * 86400 + 86400
      const c = last.close + (i % 7) - 3
      chart.tick({ time, open: last.close, high: c + 5, low: c - 5, close: c, volume: 100 + i })
      await painted()
    }
    tick = (performance.now() - t0) / ticks
    chart.destroy()
  }
  return { median: times[Math.floor(times.length / 2)], tick }
}

export async function run(ctx) {
  const code = await bundle(ctx.root)
  const gzip = gzipSync(Buffer.from(code), { level: 9 }).length
  ctx.log(`chart code (ui/market/chart-core.ts + uplot, minified): ${kb(code.length)} raw, ${kb(gzip)} gzip`)
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><html><body></body></html>')
    await page.addScriptTag({ content: code })
    const warm = await page.evaluate(measure, { n: 1000, rounds: 3, ticks: 20 }) // warm-up, not counted
    void warm
    const r1k = await page.evaluate(measure, { n: 1000, rounds: ROUNDS, ticks: TICKS })
    const r10k = await page.evaluate(measure, { n: 10000, rounds: ROUNDS, ticks: 0 })
    ctx.log(`draw 1,000 candles: ${r1k.median.toFixed(2)} ms (median of ${ROUNDS}; goal < 16 ms)`)
    ctx.log(`draw 10,000 candles: ${r10k.median.toFixed(2)} ms (median of ${ROUNDS})`)
    ctx.log(`live tick on 1,000 candles: ${r1k.tick.toFixed(3)} ms per tick (${TICKS} ticks; goal < 4 ms)`)
    return {
      summary: [
        ['draw 1,000 candles', `${r1k.median.toFixed(2)} ms`, 'goal < 16 ms'],
        ['draw 10,000 candles', `${r10k.median.toFixed(2)} ms`, ''],
        ['live tick append', `${r1k.tick.toFixed(3)} ms`, 'goal < 4 ms'],
        ['chart code gzip', kb(gzip), 'chart-core + uPlot'],
      ],
    }
  } finally {
    await browser.close()
  }
}

