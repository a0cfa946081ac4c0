// Test support only: a tiny server that behaves like server/main.ts at its edges
// (reads PORT, prints the same listening line, answers the home articles path and /).
// STAND_IN_MODE=crash exits before listening; STAND_IN_MODE=silent never prints the line.
import { createServer } from 'node:http'

const port = Number(process.env.PORT)
const mode = process.env.STAND_IN_MODE ?? 'ok'
if (mode === 'crash') {
  console.error('stand-in: failing on purpose')
  process.exit(3)
}
const body = JSON.stringify({ statusCode: 200, message: 'success', result: { items: [{ id: 1, title: '港股收盘' }] } })
createServer((req, res) => {
  if (req.url?.startsWith('/api/channels/home/articles/v8')) {
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
    res.end(body)
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not found')
  }
}).listen(port, '127.0.0.1', () => {
  console.log('stand-in: starting')
  if (mode !== 'silent') console.log(`listening on http://127.0.0.1:${port}`)
})
