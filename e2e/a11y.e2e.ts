// Accessibility sweep (issue 16): axe-core's WCAG 2.0–2.2 A/AA rules on every kind of page, as a guest and
// signed in. Prints a table of pages × (critical, serious) and fails on any critical or serious violation.
// The journeys check the pages they visit too (harness `visit`); this file is the one place that lists
// them all, so the table in the closing note comes from one command:
//   node scripts/e2e.mjs e2e/a11y.e2e.ts
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeCheck, settle, signUp, violationCount, visit, type A11yReport, type RunningServer } from './harness'
import { journey } from './journey'

let server: RunningServer
let page: Page

journey((j) => ({ server, page } = j))

/** The first link on `path` whose href matches `re` (a real id from the seed, not a guessed one). */
async function firstHref(path: string, re: RegExp): Promise<string> {
  await visit(page, server, path, { axe: false })
  await expect.poll(async () => (await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).some((h) => re.test(h)), { timeout: 20_000 }).toBe(true)
  const all = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
  return all.find((h) => re.test(h))!
}

const GUEST_PAGES = ['/', '/market', '/stock/hk00700', '/live', '/news', '/search?keyword=%E6%B8%AF%E8%82%A1', '/search?keyword=tengxun', '/column', '/column/columnist', '/subject', '/subject/2', '/hotspot/1', '/hotpost', '/depthRss', '/topics/popular', '/recommend-users', '/tradeHeadlines', '/terms/privacy', '/market/hotRange', '/no-such-page', '/zh-hk/']
const MEMBER_PAGES = ['/my/setting', '/my/stock', '/my/follower', '/my/following', '/stock/hk00700']

async function sweep(paths: readonly string[], who: string): Promise<{ path: string; report: A11yReport }[]> {
  const out: { path: string; report: A11yReport }[] = []
  for (const path of paths) {
    await visit(page, server, path, { axe: false })
    await settle(page)
    out.push({ path: `${who} ${path}`, report: await axeCheck(page) })
  }
  return out
}

function table(rows: { path: string; report: A11yReport }[]): string {
  return rows.map(({ path, report }) => `${path.padEnd(48)} critical ${String(violationCount(report, 'critical')).padStart(3)}  serious ${String(violationCount(report, 'serious')).padStart(3)}`).join('\n')
}

describe('accessibility sweep', () => {
  it('every page passes axe WCAG 2.2 A/AA (no critical or serious violation)', async () => {
    const news = await firstHref('/news', /^\/news\/\d+$/)
    const live = await firstHref('/live', /^\/live\/\d+$/)
    // a column's page is /column/page/{id} (ui/reading/columns/routes.tsx), linked from the columnists
    const column = await firstHref('/column/columnist', /^\/column\/page\/\d+$/)
    const guest = await sweep([...GUEST_PAGES, news, live, column], 'guest')
    await page.context().addCookies((await signUp(server, '13700001111')).map((c) => ({ ...c, url: server.url })))
    const member = await sweep(MEMBER_PAGES, 'member')
    const rows = [...guest, ...member]
    console.log(`\naxe WCAG 2.2 A/AA, elements per impact:\n${table(rows)}\n`)
    const failing = rows.filter((r) => violationCount(r.report, 'critical') + violationCount(r.report, 'serious') > 0)
    expect(failing.map((r) => `${r.path}\n${r.report.describe()}`).join('\n\n')).toBe('')
  }, 300_000)
})
