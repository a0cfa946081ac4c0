// Issue 31 (a server that does not age): rendering a page must not turn on Node's promise hooks. An
// AsyncLocalStorage's first run() does, for the life of the process: every promise made afterwards gets
// async ids and a store copied into it, and after one server-rendered page the home feed answered at 0.51
// of bare node:http instead of 0.77. Renders in one script run together, the other script waits its turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { ssrBuildDir } from '../testing/ssr-build'
import { renderInScript } from './ssr'

/** With an async hook (an AsyncLocalStorage) on, Node tags every new promise with its async ids. */
const promiseHooksOn = () => Object.getOwnPropertySymbols(Promise.resolve()).length > 0

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ staticDir: ssrBuildDir() })
}, 400_000)
afterAll(async () => {
  await t?.close()
})

const page = async (path: string, lang: 'zh-cn' | 'zh-hk') => {
  const res = await t.request(path, { headers: { Accept: 'text/html', Cookie: `lang=${lang}` } })
  expect(res.status).toBe(200)
  return res.text()
}

describe('server rendering and the process', () => {
  it('leaves promise hooks off after rendering pages', async () => {
    expect(promiseHooksOn()).toBe(false)
    const html = await page('/news', 'zh-cn')
    expect(html).toMatch(/<div id="root">.+<\/div>/s)
    expect(promiseHooksOn()).toBe(false)
  })

  it('renders pages asked for at once each in its own script', async () => {
    const [cn, hk, cn2, hk2] = await Promise.all([page('/news', 'zh-cn'), page('/news', 'zh-hk'), page('/market', 'zh-cn'), page('/market', 'zh-hk')])
    // the header's 登录/登錄 and 资讯/資訊 come from each render's own i18next instance
    for (const html of [cn, cn2]) expect(html).toContain('资讯')
    for (const html of [hk, hk2]) expect(html).toContain('資訊')
    expect(promiseHooksOn()).toBe(false)
  })

  it('runs renders of one script together; the other script waits its turn, also after a failed render', async () => {
    const order: string[] = []
    const step = (name: string, ms: number, fail = false) => async () => {
      order.push(`${name} start`)
      await new Promise((r) => setTimeout(r, ms))
      order.push(`${name} end`)
      if (fail) throw new Error(`${name} failed`)
      return name
    }
    const a = renderInScript('zh-cn', step('a', 30, true))
    const b = renderInScript('zh-cn', step('b', 10))
    const c = renderInScript('zh-hk', step('c', 10))
    // arrives while zh-hk waits: queues behind it rather than keeping zh-hk waiting
    const d = renderInScript('zh-cn', step('d', 10))
    await expect(a).rejects.toThrow('a failed')
    expect(await Promise.all([b, c, d])).toEqual(['b', 'c', 'd'])
    expect(order).toEqual(['a start', 'b start', 'b end', 'a end', 'c start', 'c end', 'd start', 'd end'])
  })
})
