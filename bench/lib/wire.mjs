// Bytes on the wire: one GET with node:http (fetch would decode the body), counting the body bytes
// as sent, with the Content-Encoding the server chose.
import { request } from 'node:http'

export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br'

export function wireBytes(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers } }, (res) => {
      let bytes = 0
      res.on('data', (chunk) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] ?? 'identity', setCookie: res.headers['set-cookie'] ?? null }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** One GET with node:http: status, headers and the body bytes exactly as sent (not decoded). */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers } }, (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}
