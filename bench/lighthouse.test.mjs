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
