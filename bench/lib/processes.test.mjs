import { test } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { mkdtemp, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startServer } from './processes.mjs'

const standIn = fileURLToPath(new URL('../test-support/stand-in-server.mjs', import.meta.url))
const plainServer = fileURLToPath(new URL('../plain-server.mjs', import.meta.url))

test('freePort gives distinct ports that can be listened on', async () => {
  const a = await freePort()
  const b = await freePort()
  assert.ok(a > 0 && b > 0)
  assert.notEqual(a, b)
})

test('startServer resolves once the child prints its listening line, and stop() ends it', async () => {
  const port = await freePort()
  const server = await startServer({ name: 'stand-in', args: [standIn], port })
  try {
    assert.equal(server.url, `http://127.0.0.1:${port}`)
    const res = await fetch(`${server.url}/api/channels/home/articles/v8`)
    assert.equal(res.status, 200)
    assert.match(server.output(), /stand-in: starting/)
  } finally {
    await server.stop()
  }
  assert.notEqual(server.child.exitCode ?? server.child.signalCode, null)
  await assert.rejects(fetch(`http://127.0.0.1:${port}/`))
})

test('startServer rejects with the child output when it exits before listening', async () => {
  const port = await freePort()
  await assert.rejects(startServer({ name: 'stand-in', args: [standIn], port, env: { STAND_IN_MODE: 'crash' } }), /exited with code 3[\s\S]*failing on purpose/)
})

test('startServer rejects after its timeout when the line never comes, and ends the child', async () => {
  const port = await freePort()
  let child
  await assert.rejects(
    startServer({ name: 'stand-in', args: [standIn], port, env: { STAND_IN_MODE: 'silent' }, timeoutMs: 1500, onChild: (c) => (child = c) }),
    /did not print "listening on http:\/\/127\.0\.0\.1:\d+" within 1\.5 s/,
  )
  await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)))
})

test('plain-server answers every request with exactly the recorded status, content type and bytes', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'bench-plain-'))
  t.after(() => rm(dir, { recursive: true, force: true }))
  const bytes = Buffer.from(JSON.stringify({ statusCode: 417, message: '参数错误', result: null }))
  const file = join(dir, 'body.bin')
  await writeFile(file, bytes)
  const port = await freePort()
  const server = await startServer({ name: 'plain', args: [plainServer, file, '417', 'application/json; charset=UTF-8'], port })
  try {
    for (const path of ['/api/channels/home/articles/v8', '/anything']) {
      const res = await fetch(server.url + path)
      assert.equal(res.status, 417)
      assert.equal(res.headers.get('content-type'), 'application/json; charset=UTF-8')
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), bytes)
    }
  } finally {
    await server.stop()
  }
})
