// The throughput baseline: a bare node:http server answering every request with one recorded
// response (status, content type, content encoding, exact body bytes). Usage:
//   PORT=1234 node bench/plain-server.mjs <body-file> <status> <content-type> [content-encoding]
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const [file, status, contentType, contentEncoding] = process.argv.slice(2)
const port = Number(process.env.PORT)
if (!file || !status || !contentType || !port) {
  console.error('usage: PORT=<port> node bench/plain-server.mjs <body-file> <status> <content-type>')
  process.exit(2)
}
const body = readFileSync(file)
const code = Number(status)
const headers = { 'content-type': contentType, 'content-length': String(body.length), ...(contentEncoding && contentEncoding !== 'identity' ? { 'content-encoding': contentEncoding, vary: 'Accept-Encoding' } : {}) }

const server = createServer((req, res) => {
  res.writeHead(code, headers)
  res.end(body)
})
server.listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
