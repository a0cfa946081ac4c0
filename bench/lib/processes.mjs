// Child server processes for the benchmarks: free ports, start-and-wait-for-the-line, stop.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const MAX_OUTPUT = 64 * 1024

/**
 * Starts `node ...args` with PORT set and resolves when it prints
 * `listening on http://127.0.0.1:PORT`. Rejects, with the child's output, if it exits first
 * or the line does not come within timeoutMs (the child is then killed).
 */
export function startServer({ name, args, port, env = {}, cwd = process.cwd(), timeoutMs = 90_000, onChild }) {
  const line = `listening on http://127.0.0.1:${port}`
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  onChild?.(child)
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
  }
  const handle = { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, stop }
  return new Promise((resolve, reject) => {
    let done = false
    const finish = (err) => {
      if (done) return
      done = true
      clearTimeout(timer)
      if (err) stop().then(() => reject(err))
      else resolve(handle)
    }
    const onData = (chunk) => {
      output += chunk.toString()
      if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT)
      if (output.includes(line)) finish()
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', (e) => finish(new Error(`${name}: could not start: ${e.message}`)))
    child.once('exit', (code, signal) =>
      finish(new Error(`${name} exited with code ${code ?? signal} before printing "${line}". Output:\n${output.trim()}`)),
    )
    const timer = setTimeout(
      () => finish(new Error(`${name} did not print "${line}" within ${timeoutMs / 1000} s. Output:\n${output.trim()}`)),
      timeoutMs,
    )
  })
}
