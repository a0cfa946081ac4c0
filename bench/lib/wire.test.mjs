import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { gzipSync } from 'node:zlib'
import { wireBytes } from './wire.mjs'

test('wireBytes counts the body as sent, not as decoded', async () => {
  const body = gzipSync(Buffer.from('港'.repeat(5000)))
  const server = createServer((req, res) => {
    const gz = (req.headers['accept-encoding'] ?? '').includes('gzip')
    res.writeHead(200, gz ? { 'content-encoding': 'gzip' } : {})
    res.end(gz ? body : '港'.repeat(5000))
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  try {
    const url = `http://127.0.0.1:${server.address().port}/x.js`
    assert.deepEqual(await wireBytes(url), { status: 200, bytes: body.length, encoding: 'gzip', setCookie: null })
    assert.equal((await wireBytes(url, { 'accept-encoding': 'identity' })).bytes, 15000)
  } finally {
    server.close()
  }
})
