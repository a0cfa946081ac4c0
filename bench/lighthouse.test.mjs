import { test } from 'node:test'
import assert from 'node:assert/strict'
import { figuresOf, medianRun } from './lighthouse.mjs'

test('figuresOf reads score, paint and shift metrics and the script bytes of a Lighthouse result', () => {
  const lhr = {
    categories: { performance: { score: 0.834 } },
    audits: {
      'first-contentful-paint': { numericValue: 3300 },
      'largest-contentful-paint': { numericValue: 3400 },
      'total-blocking-time': { numericValue: 120 },
      'cumulative-layout-shift': { numericValue: 0.12 },
      'resource-summary': { details: { items: [{ resourceType: 'total', transferSize: 500000 }, { resourceType: 'script', transferSize: 117800 }] } },
    },
  }
  assert.deepEqual(figuresOf(lhr), { score: 83, fcp: 3300, lcp: 3400, tbt: 120, cls: 0.12, jsBytes: 117800 })
})

test('medianRun reports the run with the median score, whole', () => {
  const runs = [{ score: 90, lcp: 1 }, { score: 97, lcp: 2 }, { score: 94, lcp: 3 }]
  assert.deepEqual(medianRun(runs), { score: 94, lcp: 3 })
  assert.deepEqual(medianRun([{ score: 80 }, { score: 99 }]), { score: 80 })
})

test('paintPathOf names the requests the simulation puts before the first paint, the others, the LCP element and the long tasks', async () => {
  const { paintPathOf, renderBlockingPriority } = await import('./lighthouse.mjs')
  const req = (url, resourceType, priority, networkEndTime) => ({ url: `http://127.0.0.1:1${url}`, resourceType, priority, networkEndTime, transferSize: 2048 })
  const lhr = {
    requestedUrl: 'http://127.0.0.1:1/stock/hk00700',
    audits: {
      metrics: { details: { items: [{ observedFirstContentfulPaint: 500 }] } },
      'network-requests': {
        details: {
          items: [
            req('/stock/hk00700', 'Document', 'VeryHigh', 100),
            req('/assets/index.js', 'Script', 'High', 300), // blocking in Lantern's eyes
            req('/assets/low.js', 'Script', 'Low', 300), // fetchpriority=low: not
            req('/assets/late.js', 'Script', 'High', 900), // finished after the paint: not
            req('/covers/1.svg', 'Image', 'High', 400), // an image: not render-blocking
          ],
        },
      },
      'largest-contentful-paint-element': { details: { items: [{ items: [{ node: { nodeLabel: '腾讯控股', snippet: '<h1 class="x">' } }] }] } },
      'long-tasks': { details: { items: [{ url: 'http://127.0.0.1:1/assets/index.js', startTime: 700.4, duration: 80.6 }] } },
    },
  }
  const p = paintPathOf(lhr)
  assert.equal(p.observedFcp, 500)
  assert.deepEqual(p.blocking.map((r) => r.url), ['/stock/hk00700', '/assets/index.js'])
  assert.deepEqual(p.otherBeforeFcp.map((r) => r.url), ['/assets/low.js', '/covers/1.svg'])
  assert.equal(p.blocking[1].kb, 2)
  assert.equal(p.lcpElement, '腾讯控股 <h1 class="x">')
  assert.deepEqual(p.longTasks, [{ url: '/assets/index.js', startMs: 700, ms: 81 }])
  assert.equal(renderBlockingPriority({ priority: 'High', resourceType: 'Stylesheet' }), false)
  assert.equal(renderBlockingPriority({ priority: 'VeryHigh', resourceType: 'Stylesheet' }), true)
})
