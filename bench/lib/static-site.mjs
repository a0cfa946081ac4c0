// Serves dist/ the way the site is served (files, index.html for client routes) and passes the
// API paths to a running server. Used for the browser load when the server does not serve dist/.
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { join, normalize, extname, sep } from 'node:path'

// The same prefixes vite.config.ts proxies to the API server in `npm run dev`.
const API_PREFIXES = ['/api', '/s/', '/covers', '/avatars', '/hq', '/quote', '/data', '/mapi', '/tapi', '/file', '/user/api', '/adapi']

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
}

export async function serveDist(distDir, apiUrl) {
  const root = normalize(distDir)
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x')
      if (API_PREFIXES.some((p) => url.pathname === p || url.pathname.startsWith(p.endsWith('/') ? p : `${p}/`))) {
        const upstream = await fetch(apiUrl + url.pathname + url.search, { method: req.method, headers: { accept: req.headers.accept ?? '*/*' } })
        const body = Buffer.from(await upstream.arrayBuffer())
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' })
        res.end(body)
        return
      }
      const file = normalize(join(root, decodeURIComponent(url.pathname)))
      if (!file.startsWith(root + sep) && file !== root) {
        res.writeHead(403).end()
        return
      }
      const isFile = await stat(file).then((s) => s.isFile(), () => false)
      if (isFile) {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        res.end(await readFile(file))
      } else if (extname(url.pathname) === '') {
        res.writeHead(200, { 'content-type': TYPES['.html'] })
        res.end(await readFile(join(root, 'index.html')))
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      }
    } catch (e) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(e))
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}
