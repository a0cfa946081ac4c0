import { test } from 'node:test'
import assert from 'node:assert/strict'
import { placeOf, topFrames } from './cpu-profile.mjs'

const profile = {
  startTime: 1000,
  nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 } },
    { id: 2, callFrame: { functionName: 'dispatch', url: 'file:///app/node_modules/hono/dist/compose.js', lineNumber: 23 } },
    { id: 3, callFrame: { functionName: 'send', url: 'file:///app/server/http/route.ts', lineNumber: 40 } },
  ],
  samples: [2, 2, 3, 2, 1],
  timeDeltas: [10, 10, 10, 10, 10],
}

test('self time per frame and per place, largest first', () => {
  const text = topFrames(profile, 5)
  const lines = text.split('\n')
  assert.match(lines[2], /^\s*60\.0 %\s+dispatch dist\/compose\.js:24$/)
  assert.match(text, /20\.0 %\s+send http\/route\.ts:41/)
  assert.match(text, /60\.0 %\s+hono/)
  assert.match(text, /20\.0 %\s+server\/http/)
})

test('a window keeps only the samples inside it', () => {
  // sample times: 1010, 1020, 1030, 1040, 1050
  const text = topFrames(profile, 5, [1025, 1035])
  assert.match(text, /100\.0 %\s+send/)
  assert.doesNotMatch(text, /dispatch/)
})

test('places: packages, our folders, node and V8', () => {
  assert.equal(placeOf('file:///x/node_modules/@hono/node-server/dist/index.mjs'), '@hono/node-server')
  assert.equal(placeOf('node:internal/streams/writable'), 'node:internal')
  assert.equal(placeOf(''), '(V8 / native)')
})
