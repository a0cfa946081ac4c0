// @vitest-environment jsdom
// Integration (issue 11): the first screen of /news/{id} is in the HTML, as a reader without
// JavaScript (a crawler) fetches it, rendered by the built server entry (ui/server-entry.tsx).
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsDetail } from '../../core/api/content'
import { createTestApp, type TestApp } from '../testing/test-app'
import { ssrEntryOf } from './ssr'

const root = join(import.meta.dirname, '..', '..')
/**
 * A client build with its server entry: the newest of dist/ (npm start, npm run build) and
 * artifacts/e2e-dist/ (the e2e build); without either, one is built here into artifacts/ssr-test-dist/.
 */
function buildDir(): string {
  const candidates = [join(root, 'dist'), join(root, 'artifacts', 'e2e-dist')].filter((d) => existsSync(ssrEntryOf(d)) && existsSync(join(d, 'index.html')))
  candidates.sort((a, b) => statSync(ssrEntryOf(b)).mtimeMs - statSync(ssrEntryOf(a)).mtimeMs)
  if (candidates[0]) return candidates[0]
  const out = join(root, 'artifacts', 'ssr-test-dist')
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  for (const args of [['build', '--outDir', out, '--emptyOutDir'], ['build', '--ssr', 'ui/server-entry.tsx', '--outDir', join(out, 'server'), '--emptyOutDir']]) {
    // vitest sets NODE_ENV=test, which would make a dev build (import.meta.env.DEV)
    const r = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'error'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    if (r.status !== 0) throw new Error(`vite ${args.join(' ')} failed`)
  }
  return out
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ staticDir: buildDir() })
}, 400_000)
afterAll(async () => {
  await t?.close()
})

const fetchPage = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.request(path, { headers: { Accept: 'text/html', ...headers } })
  expect(res.status).toBe(200)
  const text = await res.text()
  return { text, doc: new DOMParser().parseFromString(text, 'text/html') }
}

describe('server-rendered /news/{id}', () => {
  it('holds the article title and body inside #root, from the same data the browser gets', async () => {
    const a = await t.db.kysely.selectFrom('articles').select(['id', 'title', 'paragraphs']).where('is_vip', '=', false).orderBy('id').executeTakeFirstOrThrow()
    const { doc } = await fetchPage(`/news/${a.id}`)
    const main = doc.querySelector('#root article')
    expect(main?.querySelector('h1')?.textContent).toBe(a.title)
    const paragraphs = [...(main?.querySelectorAll('p') ?? [])].map((p) => p.textContent)
    for (const p of a.paragraphs) expect(paragraphs).toContain(p)
    // the browser's detail machine starts loaded from the inlined article: no second fetch needed
    const inlined = JSON.parse(doc.getElementById('initial-data')?.textContent ?? '{}') as { news?: { id: number; title: string } }
    expect(inlined.news).toMatchObject({ id: a.id, title: a.title })
  })

  it('in the reader’s script (zh-hk by cookie)', async () => {
    const a = await t.db.kysely.selectFrom('articles').select(['id']).where('is_vip', '=', false).orderBy('id').executeTakeFirstOrThrow()
    const guest = await t.getOk(newsDetail, `/api/news/${a.id}/v3`, { 'Client-Lang': 'zh-hk' })
    const { doc } = await fetchPage(`/news/${a.id}`, { Cookie: 'lang=zh-hk' })
    expect(doc.querySelector('#root article h1')?.textContent).toBe(guest.title)
    expect(doc.querySelector('#root nav[aria-label]')).not.toBeNull()
  })

  it('a VIP article holds no more than the API answers a guest', async () => {
    const vip = await t.db.kysely.selectFrom('articles').select(['id', 'title']).where('is_vip', '=', true).orderBy('id').executeTakeFirstOrThrow()
    const guest = await t.getOk(newsDetail, `/api/news/${vip.id}/v3`)
    const { doc } = await fetchPage(`/news/${vip.id}`)
    const shown = [...doc.querySelectorAll('#root article p')].map((p) => p.textContent ?? '')
    expect(doc.querySelector('#root article h1')?.textContent).toBe(vip.title)
    for (const text of shown) expect([guest.summary, ...guest.paragraphs]).toContain(text)
  })

  it('an unknown article renders the frame while loading (as the browser’s first render); other pages are left to the browser', async () => {
    const missing = await fetchPage('/news/999999999')
    expect(missing.doc.querySelector('#root header')).not.toBeNull()
    expect(missing.doc.querySelector('#root article')).toBeNull()
    const other = await fetchPage('/hotpost')
    expect(other.doc.querySelector('#root')?.children).toHaveLength(0)
  })

  it('the server build is never served to readers', async () => {
    const res = await t.request('/server/server-entry.js')
    expect(res.status).toBe(404)
  })
})
