// XSS suite (issue 12 proof): every payload of two public lists (fixtures/xss/: the Big List of Naughty
// Strings' 'Script Injection' section, and the OWASP filter-evasion cheat sheet with mXSS vectors) is
// written through the real server into every field a reader can write — post titles and bodies, comments
// and replies, a long article's text, stock, mention and portfolio names, link text and link address,
// nick and signature, file names — and then rendered in Chromium under the site's own CSP on the pages
// that show them. Each page must run no script (no dialog, no CSP script violation, no page error) and
// keep no on* attribute, no javascript:/data:/vbscript: address, no inline or foreign script and no
// frame, object, embed, base or refresh in its DOM; the payloads must be there as text.
//
// Kept fast: writes go through the API in bulk (Node's fetch, the reader's cookies); a few pages each
// show hundreds of items. A control first proves the detectors and the CSP work on a planted handler.
// Link addresses: which payloads the link rule refuses is pure code, proved for every payload (the rule
// and the server's draft save) in server/posting/xss.test.ts; here the accepted ones are rendered.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { advanceServerClock, apiClient, REPO_ROOT, SCREENSHOT_DIR, signUp, signUpWith, type RunningServer } from './harness'
import { journey } from './journey'
import { WRITE_LIMIT_MESSAGE, WRITE_LIMITS, type LimitedClass } from '../core/limits/write-limits'
import { URL_MAX } from '../core/posting/limits'
import { validateLink } from '../core/validation/link'

let server: RunningServer
let page: Page
journey((j) => ({ server, page } = j), { failureShots: 'xss' })

const UI = 30_000

/** The payload lists: one payload a line; lines starting with # are comments (each file names its source). */
function payloadFile(name: string): string[] {
  return readFileSync(join(REPO_ROOT, 'fixtures', 'xss', name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
}
const PAYLOADS = [...new Set([...payloadFile('blns-script-injection.txt'), ...payloadFile('owasp-mxss.txt')])]
/** Payloads that plainly read as themselves once shown as text (checked verbatim on the pages). */
const MARKERS = ['<script>alert(0)</script>', '<img src=x onerror=alert(2) />', '<svg/onload=alert(\'XSS\')>', '<details open ontoggle=alert(1)>']
/** Comments are stripped to text (spec 000 §5): markup goes, escaped markup comes back as the text it spells. */
const COMMENT_MARKERS = ["评论 <script>alert('1');</script>", "回复 <script>alert('1');</script>"]

// --- the API as a signed-in reader -----------------------------------------------------------------

interface Reader {
  id: number
  headers: Record<string, string>
  cookies: { name: string; value: string }[]
}
interface Answer {
  http: number
  statusCode: number
  message: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are the contract's (core/api); the suite reads ids and statuses from them
  result: any
}

async function reader(phone: string): Promise<Reader> {
  const cookies = await signUp(server, phone)
  const csrf = cookies.find((c) => c.name === 'csrf_token')!.value
  const headers = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'X-CSRF-Token': csrf, 'Content-Type': 'application/json', 'Client-Lang': 'zh-cn', platform: 'web' }
  const me = await call({ id: 0, headers, cookies }, 'GET', '/api/user/get/v2')
  expect(me.statusCode).toBe(200)
  return { id: Number(me.result.id), headers, cookies }
}

/**
 * One of many readers, signed up through one client (one CSRF cookie for all, as a browser keeps its
 * own across sign-ins); its id from the login's answer. Its first write shows the session works.
 */
async function oneOfMany(client: Awaited<ReturnType<typeof apiClient>>, phone: string): Promise<Reader> {
  const { cookies, id } = await signUpWith(server, client, phone)
  const headers = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'X-CSRF-Token': client.csrf, 'Content-Type': 'application/json', 'Client-Lang': 'zh-cn', platform: 'web' }
  return { id, headers, cookies }
}

/**
 * Node's fetch reuses kept-alive sockets; one the server closes as idle at the moment it is reused is
 * reset before the request is read (read ECONNRESET), so that one request is sent again.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (e) {
    if ((e as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw e
    return fetch(url, init)
  }
}

async function call(who: Reader, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await send(`${server.url}${path}`, { method, headers: who.headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const json = (await res.json()) as { statusCode: number; message: string; result: unknown }
  return { http: res.status, ...json }
}

/** Accepted (200), or refused the way bad input must be: a 4xx with a Chinese message, never a 500. */
function acceptedOrRefused(a: Answer, what: string): boolean {
  if (a.statusCode === 200) return true
  // refused for what it says, never for its pace (the writes keep the server's real limits)
  expect({ what, message: a.message }).not.toEqual({ what, message: WRITE_LIMIT_MESSAGE })
  expect({ what, http: a.http, statusCode: a.statusCode, chinese: /[\u4e00-\u9fff]/.test(a.message) }).toEqual({ what, http: a.http, statusCode: a.statusCode, chinese: true })
  expect(a.http, `${what}: ${a.message}`).toBeGreaterThanOrEqual(400)
  expect(a.http, `${what}: ${a.message}`).toBeLessThan(500)
  return false
}

/** Lists page by the second of their newest item; one write per second keeps every item reachable. */
const nextSecond = () => advanceServerClock(server, 1_000)
/**
 * The server keeps its real write limits (core/limits/write-limits.ts: e.g. 30 posts an hour per
 * account). Hundreds of writes from one account are a script's pace, so the server's clock moves on
 * by an hour over the class's limit after each write: never more than the limit in any hour (and at
 * least a second, which keeps every item reachable as above).
 */
const paced = (cls: LimitedClass, writes = 1) => advanceServerClock(server, writes * (Math.ceil(3_600_000 / WRITE_LIMITS[cls].account.max) + 1_000))

/** Writes sent side by side: ten, which divides every limit they are paced by and is half a list page. */
const BATCH = 10
/**
 * `write` for each item, ten at a time side by side, then the clock moves on as `paced` does for ten
 * writes (after a last, shorter batch too): the pace of one by one, so never more than the class's
 * limit in any hour — the limits used here are multiples of ten, and batches of at most ten come every
 * 10 × (hour ∕ max + 1 s), so at most max ∕ 10 of them in an hour, also across two calls, as long as
 * the account's earlier writes of the class were paced as a batch too (`paced(cls, BATCH)`). The ten
 * may share a second: a list page (20) never ends inside a second (core/api/page.ts cursorPage), so
 * every item stays reachable.
 */
async function inBatches<T, R>(cls: LimitedClass, items: readonly T[], write: (item: T, index: number) => Promise<R>): Promise<R[]> {
  expect(WRITE_LIMITS[cls].account.max % BATCH, `${cls}: batches of ${BATCH} keep its limit`).toBe(0)
  const out: R[] = []
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH)
    out.push(...(await Promise.all(batch.map((item, j) => write(item, i + j)))))
    await paced(cls, BATCH)
  }
  return out
}

async function signInPage(who: Reader) {
  await page.context().clearCookies()
  await page.context().addCookies(who.cookies.map((c) => ({ ...c, url: server.url })))
}

// --- what a page must never do ---------------------------------------------------------------------

/** Installed before any page script: records dialogs, script-like CSP violations and calls of alert & co. */
const WATCH = () => {
  const w = window as unknown as { __xss: string[] }
  w.__xss = []
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    ;(window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      w.__xss.push(`${name}(${args.map(String).join(',')})`)
    }
  }
  document.addEventListener('securitypolicyviolation', (e) => {
    if (/^script-src|^object-src|^frame-src|^default-src/.test(e.effectiveDirective)) w.__xss.push(`csp ${e.effectiveDirective} ${e.blockedURI} ${e.sample}`)
  })
}

/** Everything active the page's DOM holds (the site's own module scripts from /assets/ aside). */
function activeInDom(origin: string): string[] {
  const found: string[] = []
  const scheme = /^(?:javascript|data|vbscript|livescript):/i
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.localName
    if (tag === 'script') {
      const src = el.getAttribute('src') ?? ''
      // the server's inlined first-screen data is a JSON data block (never run); it must still parse whole,
      // or something broke out of it
      const data = el.getAttribute('type') === 'application/json' && !src
      let json: boolean
      try {
        json = data && JSON.parse(el.textContent ?? '') !== undefined
      } catch {
        json = false
      }
      if (!json && !src.startsWith('/assets/') && !src.startsWith(`${origin}/assets/`)) found.push(`script ${src || (el.textContent ?? '').slice(0, 60)}`)
    }
    if (['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'bgsound', 'portal'].includes(tag)) found.push(`element ${tag}`)
    if (tag === 'meta' && el.hasAttribute('http-equiv')) found.push(`meta http-equiv=${el.getAttribute('http-equiv')}`)
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}=${attr.value.slice(0, 40)}]`)
      // browsers drop control characters and spaces before a scheme, so do we
      // eslint-disable-next-line no-control-regex -- control characters are exactly what a browser drops there
      const value = attr.value.replace(/[\u0000-\u0020]+/g, '')
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'dynsrc', 'lowsrc', 'poster', 'srcdoc'].includes(attr.name) && (scheme.test(value) || attr.name === 'srcdoc')) found.push(`${tag}[${attr.name}=${attr.value.slice(0, 40)}]`)
    }
  }
  return found
}

const dialogs: string[] = []
const pageErrors: string[] = []
let watching = false
async function watch() {
  if (watching) return
  watching = true
  await page.context().addInitScript(WATCH)
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()} ${d.message()}`)
    void d.dismiss()
  })
  page.on('pageerror', (e) => pageErrors.push(e.message))
}

/** Opens a page, checks the site's CSP came with it, and answers once `ready` shows. */
async function open(path: string, ready: (p: Page) => Promise<unknown>) {
  const res = await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
  const csp = res!.headers()['content-security-policy'] ?? ''
  expect(csp, `${path}: the site's CSP`).toContain("default-src 'self'")
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  await ready(page)
}

/**
 * Presses 加载更多 until the list says 没有更多了. The button is found by its text, not by its role and
 * name: these pages hold hundreds of items with buttons each, and computing every button's accessible
 * name four times a page made the comments' 16 pages take 82 s (the a11y sweep checks the button's role).
 */
async function loadAll(scope = page.locator('body')) {
  for (let i = 0; i < 200; i++) {
    const more = scope.locator('button:text-is("加载更多")')
    const done = scope.locator('button:text-is("没有更多了")')
    await more.or(done).first().waitFor({ timeout: UI })
    if ((await done.count()) > 0 && (await more.count()) === 0) return
    await more.first().click()
  }
  throw new Error('the list never ended')
}

/** What the reader sees of the page (these pages are tens of thousands of pixels long in full). */
const viewShot = (name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) })

/** The page ran nothing and keeps nothing active; `texts` appear on it verbatim. */
async function expectInert(where: string, texts: readonly string[] = []) {
  const active = await page.evaluate(activeInDom, server.url)
  const ran = await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)
  expect({ where, active, ran, dialogs, pageErrors }).toEqual({ where, active: [], ran: [], dialogs: [], pageErrors: [] })
  const shown = await page.evaluate(() => document.body.innerText)
  for (const t of texts) expect(shown, `${where}: shown as text`).toContain(t)
}

// --- the suite -------------------------------------------------------------------------------------

let writer: Reader
let commenter: Reader
const postIds: number[] = []

describe(`XSS: ${PAYLOADS.length} payloads through every writable field`, () => {
  it('the lists hold at least 200 payloads; the detectors see a planted handler and the CSP blocks it', async () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(200)
    await watch()
    writer = await reader('13900000001')
    commenter = await reader('13900000002')
    await signInPage(writer)
    await open('/my/publish', (p) => p.getByRole('heading', { name: '我的发布' }).waitFor({ timeout: UI }))
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img id="xss-probe" src="/xss-probe.png" onerror="alert(\'probe\')">'))
    // the CSP refuses the inline handler (a violation is reported), and the DOM scan names it
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xss: string[] }).__xss.length), { timeout: UI }).toBeGreaterThan(0)
    expect((await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss))[0]).toMatch(/^csp script-src/)
    expect(await page.evaluate(activeInDom, server.url)).toEqual(['img[onerror=alert(\'probe\')]'])
    expect(dialogs).toEqual([])
  })

  it('post titles and bodies: written through /api/community/dynamic/v3, shown on /my/publish', async () => {
    await inBatches('post', PAYLOADS, async (p) => {
      // a body of markup alone strips to nothing (spec 000 §5) and is refused: a word before it keeps the title tried too
      const a = await call(writer, 'POST', '/api/community/dynamic/v3', { title: p.slice(0, 100), content: `正文 ${p}` })
      if (acceptedOrRefused(a, `post ${p}`)) {
        postIds.push(a.result.id)
        expect(a.result.title).toBe(p.slice(0, 100).trim())
      }
    })
    expect(postIds.length).toBeGreaterThanOrEqual(200)
    await open('/my/publish', (p) => p.getByRole('heading', { name: '我的发布' }).waitFor({ timeout: UI }))
    await loadAll()
    expect(await page.getByRole('list', { name: '我的发布' }).getByRole('listitem').count()).toBe(postIds.length)
    await expectInert('/my/publish', MARKERS)
    await viewShot('xss-my-publish')
  }, 240_000)

  it('a long article: every payload as text, stock, mention, portfolio and link text; its title; the body through the one sanitiser', async () => {
    // the article text is bounded (20,000 characters), so the payloads go into as few articles as fit
    const chunks: string[][] = [[]]
    let size = 0
    for (const p of PAYLOADS) {
      const cost = p.length + 4 * Math.min(p.length, 40) + Math.min(p.length, 200) + 2
      if (size + cost > 18_000) {
        chunks.push([])
        size = 0
      }
      chunks.at(-1)!.push(p)
      size += cost
    }
    const articles: number[] = []
    for (const [i, chunk] of chunks.entries()) {
      const tokens = chunk.flatMap((p) => [
        { type: 'text', text: `${p}\n` },
        { type: 'stock', code: 'hk00700', name: p.slice(0, 40) },
        { type: 'mention', userId: commenter.id, nick: p.slice(0, 40) },
        { type: 'portfolio', code: 'P80', name: p.slice(0, 40) },
        { type: 'link', url: 'www.hkex.com.hk', text: p.slice(0, 200) },
      ])
      const title = chunk[0]!.slice(0, 100)
      const a = await call(writer, 'POST', '/api/columnArticle/publish/v1', { title, tokens })
      expect({ i, statusCode: a.statusCode, message: a.message }).toEqual({ i, statusCode: 200, message: 'success' })
      articles.push(a.result.id)
      await paced('article')
    }
    for (const id of articles) {
      await open(`/p/${id}`, (p) => p.getByTestId('post-body').waitFor({ timeout: UI }))
      const expand = page.getByTestId('post-expand')
      if (await expand.count()) await expand.click()
      await expectInert(`/p/${id}`)
    }
    // the body is there as text: the last article's payloads read back
    const text = await page.getByTestId('post-body').innerText()
    expect(text).toContain(chunks.at(-1)!.at(-1)!.trim().slice(0, 30))
    await viewShot('xss-article')
  })

  it('link addresses: the payloads the link rule accepts, as the addresses of one article\'s links, rendered inert', async () => {
    // Which payloads a link address may be is pure code (core/validation/link.ts), and the server's use of
    // it on every save is proved in server/posting/xss.test.ts (every payload of these lists and of
    // link-addresses.txt: refused with the rule's message, or kept with an inert preview). What needs a
    // browser is the accepted ones rendered on the article page.
    const sneaky = payloadFile('link-addresses.txt')
    const accepted = [...new Set([...PAYLOADS, ...sneaky].map((p) => p.slice(0, URL_MAX).trim()))].filter((url) => validateLink({ url }).ok)
    expect(accepted).toEqual(expect.arrayContaining(sneaky))
    await paced('article')
    const a = await call(writer, 'POST', '/api/columnArticle/publish/v1', { title: '链接地址', tokens: accepted.map((url) => ({ type: 'link', url, text: '' })) })
    expect(a.statusCode).toBe(200)
    await nextSecond()
    await open(`/p/${a.result.id}`, (p) => p.getByTestId('post-body').waitFor({ timeout: UI }))
    const links = page.getByTestId('post-body').locator('a')
    const hrefs = await links.evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).protocol))
    expect(hrefs.length).toBe(accepted.length)
    expect(new Set(hrefs)).toEqual(new Set(['http:', 'https:'].filter((s) => hrefs.includes(s))))
    // each link reads as its address (the text defaults to it)
    await expectInert('link addresses', accepted)
    // the control: one of these addresses made active in the DOM is caught
    await links.first().evaluate((el) => el.setAttribute('href', `javascript:${el.getAttribute('href')}`))
    expect((await page.evaluate(activeInDom, server.url)).filter((f) => f.startsWith('a[href=javascript:'))).toHaveLength(1)
  })

  it('comments and replies: a second reader writes each payload as a comment and as a reply; /p/{id} and /my/comment show them', async () => {
    const target = postIds.find(Boolean)!
    // others may comment once the post is approved: the local review passes it after 60 s, long gone on the server's clock
    expect((await call(commenter, 'GET', `/api/community/dynamic/detail/${target}/v2`)).result.status).toBe('approved')
    const commented: { id: number; p: string }[] = []
    await inBatches('comment', PAYLOADS, async (p) => {
      // as for bodies, a word before the payload keeps markup-only payloads from stripping to nothing
      const c = await call(commenter, 'POST', '/api/comments/v2', { source: 'post', refId: target, content: `评论 ${p}` })
      if (acceptedOrRefused(c, `comment ${p}`)) commented.push({ id: c.result.id, p })
    })
    const comments = commented.length
    // a comment under review takes no replies: the local review passes them after 60 s of the server's clock
    await advanceServerClock(server, 61_000)
    let replies = 0
    await inBatches('comment', commented, async ({ id, p }) => {
      const r = await call(commenter, 'POST', '/api/comments/v2', { source: 'post', refId: target, content: `回复 ${p}`, replyCommentId: id })
      if (acceptedOrRefused(r, `reply ${p}`)) replies++
    })
    expect(comments).toBeGreaterThanOrEqual(200)
    expect(replies).toBe(comments)
    await signInPage(commenter)
    await open(`/p/${target}`, (p) => p.getByRole('list', { name: '评论列表' }).waitFor({ timeout: UI }))
    await loadAll(page.getByTestId('comments'))
    expect(await page.locator('[data-testid=comments] [data-testid=comment]').count()).toBe(comments + replies)
    await expectInert(`/p/${target} comments`, COMMENT_MARKERS)
    await viewShot('xss-comments')
    await open('/my/comment', (p) => p.getByRole('heading', { name: '我的评论' }).waitFor({ timeout: UI }))
    await loadAll()
    expect(await page.getByRole('list', { name: '我的评论' }).getByRole('listitem').count()).toBe(comments + replies)
    await expectInert('/my/comment', COMMENT_MARKERS)
  }, 240_000)

  it('file names: each payload as the name of an uploaded image, through the server and the discussion dialog', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex')
    await paced('upload', BATCH)
    await inBatches('upload', PAYLOADS, async (p) => {
      const form = new FormData()
      form.append('file', new Blob([png], { type: 'image/png' }), `${p}.png`)
      const headers = { ...writer.headers }
      delete (headers as Record<string, string>)['Content-Type']
      const res = await send(`${server.url}/api/file/dynamic/picture`, { method: 'POST', headers, body: form })
      const a: Answer = { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) }
      if (!acceptedOrRefused(a, `file ${p}`)) return
      // served back as an image with its own strict policy, never as HTML
      const file = await fetch(`${server.url}${a.result.list[0].url}`)
      expect(file.headers.get('content-type')).toBe('image/png')
      expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    })
    await signInPage(writer)
    await open('/', (p) => p.getByTestId('header-nick').waitFor({ timeout: UI }))
    await page.getByTestId('post-action').click()
    await page.getByRole('menuitem', { name: '发讨论' }).click()
    const dialog = page.getByTestId('discussion-dialog')
    await dialog.waitFor({ timeout: UI })
    for (let i = 0; i < PAYLOADS.length; i += 9) {
      const names = PAYLOADS.slice(i, i + 9)
      await paced('upload', names.length) // the dialog sends one upload per image
      await dialog.getByTestId('image-input').setInputFiles(names.map((name) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: png })))
      await expect.poll(() => dialog.locator('[data-testid=draft-image][data-status=done]').count(), { timeout: UI }).toBe(names.length)
      await expectInert(`discussion dialog, file names ${i}…`)
      await dialog.locator('[data-testid=draft-image] .remove').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()))
      await expect.poll(() => dialog.getByTestId('draft-image').count(), { timeout: UI }).toBe(0)
    }
  }, 240_000)

  it('nick and signature: each payload as a reader\'s nick and signature; they follow the writer, whose fans tab shows them all', async () => {
    let written = 0
    const client = await apiClient(server)
    // five readers at a time: the sign-up and code limits per network allow five an hour, so the
    // server's clock moves on a day (the sandbox's most) before each five
    for (let i = 0; i < PAYLOADS.length; i += 5) {
      await advanceServerClock(server, 24 * 3_600_000)
      const done = await Promise.all(
        PAYLOADS.slice(i, i + 5).map(async (p, j) => {
          const r = await oneOfMany(client, `1380000${String(1000 + i + j).padStart(4, '0')}`)
          // the follow first: its 200 shows the new session works before the nick is judged
          expect((await call(r, 'POST', '/api/friendships/follow', { destUserId: writer.id })).statusCode).toBe(200)
          const a = await call(r, 'POST', '/api/user/updateInfo', { userId: r.id, nick: p.slice(0, 40), userBrief: p.slice(0, 200) })
          return acceptedOrRefused(a, `nick ${p}`)
        }),
      )
      written += done.filter(Boolean).length
    }
    expect(written).toBeGreaterThanOrEqual(200)
    // the writer's homepage is public: its fans tab lists them all, a page at a time
    await page.context().clearCookies()
    await open(`/user/${writer.id}/fans`, (p) => p.getByRole('list', { name: '粉丝' }).waitFor({ timeout: UI }))
    await loadAll()
    expect(await page.getByRole('list', { name: '粉丝' }).getByRole('listitem').count()).toBe(PAYLOADS.length)
    expect(await page.getByTestId('count-fans').innerText()).toContain(String(PAYLOADS.length))
    await expectInert(`/user/${writer.id}/fans`, ['<script>alert(0)</script>'])
    await viewShot('xss-fans')
  }, 300_000)
})
