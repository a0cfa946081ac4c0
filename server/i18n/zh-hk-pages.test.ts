// @vitest-environment jsdom
// Issue 24: the server-rendered first screens a zh-hk reader gets (cookie lang=zh-hk) hold no simplified
// character and no mainland term of core/locale/hk-wording.ts — the language toggle's 简 aside, which
// names the other script on purpose. Rendered by the built server entry, as server/seo/ssr.test.ts does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { ssrBuildDir } from '../testing/ssr-build'
import { mainlandTermsIn, simplifiedCharsIn } from './to-hk'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ staticDir: process.env.ZH_HK_BUILD_DIR ?? ssrBuildDir() })
}, 400_000)
afterAll(async () => {
  await t?.close()
})

/** Every string in a JSON value. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v !== null && typeof v === 'object' ? Object.values(v).flatMap(strings) : []

/**
 * The text a zh-hk reader sees first on `path` — the title, #root and its labels, without the toggle
 * to simplified — and the data inlined for the browser to start from (what it shows next).
 */
async function shownText(path: string, headers: Record<string, string> = { Cookie: 'lang=zh-hk' }): Promise<string> {
  const res = await t.request(path, { headers: { Accept: 'text/html', ...headers } })
  expect(res.status).toBe(200)
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html')
  for (const toggle of doc.querySelectorAll('[aria-label="切換到簡體中文"]')) toggle.remove()
  const labels = [...doc.querySelectorAll('#root [aria-label], #root [placeholder], #root [alt], #root [title]')].flatMap((el) =>
    ['aria-label', 'placeholder', 'alt', 'title'].map((a) => el.getAttribute(a) ?? ''),
  )
  const inlined = strings(JSON.parse(doc.getElementById('initial-data')?.textContent ?? '{}'))
  return [doc.title, doc.querySelector('#root')?.textContent ?? '', ...labels, ...inlined].join('\n')
}

describe('server-rendered pages in zh-hk', () => {
  // the server-rendered ones (server/seo/first-screen.ts); /member and the like render in the browser (e2e)
  it.each(['/', '/market', '/news', '/live', '/hotpost', '/column', '/subject', '/stock/hk00700'])('%s: no simplified character, no mainland term', async (path) => {
    const text = await shownText(path)
    expect(text.length).toBeGreaterThan(20)
    expect({ simplified: simplifiedCharsIn(text), mainland: mainlandTermsIn(text) }).toEqual({ simplified: [], mainland: [] })
  })

  // spec 000 §2: /zh-hk/… is the traditional page whatever the cookie says — a shared link opened in a
  // fresh browser: the inlined data (the search box's hot words) and the first screen in traditional too
  it.each(['/zh-hk', '/zh-hk/news', '/zh-hk/market', '/zh-hk/stock/hk00700'])('%s without the cookie: no simplified character, no mainland term', async (path) => {
    const text = await shownText(path, {})
    expect(text).toContain('騰訊控股')
    expect({ simplified: simplifiedCharsIn(text), mainland: mainlandTermsIn(text) }).toEqual({ simplified: [], mainland: [] })
  })
})
