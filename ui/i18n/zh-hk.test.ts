import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generateZhHkSource } from '../../scripts/gen-zh-hk'
import { zhCn } from './zh-cn'
import { zhHk } from './zh-hk'
import { zhHkOverrides } from './zh-hk-overrides'

type Tree = { readonly [k: string]: string | Tree }
const leaves = (t: Tree, p = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[p + k, v] as [string, string]] : leaves(v, `${p}${k}.`)))

describe('zh-hk resources', () => {
  it('are exactly the zh-hk conversion of zh-cn plus the reviewed overrides (run `npm run i18n:gen`)', () => {
    const committed = readFileSync(fileURLToPath(new URL('./zh-hk.ts', import.meta.url)), 'utf8')
    expect(committed).toBe(generateZhHkSource())
  })
  it('have the same keys and placeholders as zh-cn', () => {
    const cn = new Map(leaves(zhCn as unknown as Tree))
    const hk = new Map(leaves(zhHk as unknown as Tree))
    expect([...hk.keys()]).toEqual([...cn.keys()])
    for (const [k, v] of cn) expect(hk.get(k)!.match(/\{\{\w+\}\}/g)).toEqual(v.match(/\{\{\w+\}\}/g))
  })
  it('every override names an existing key and says why', () => {
    const cn = new Map(leaves(zhCn as unknown as Tree))
    for (const [k, o] of Object.entries(zhHkOverrides)) {
      expect(cn.has(k), k).toBe(true)
      expect(o.why.length).toBeGreaterThan(10)
    }
  })
  it('are traditional: sample keys read as Hong Kong readers expect', () => {
    expect(zhHk.nav.news).toBe('新聞')
    expect(zhHk.live.title).toBe('7×24 快訊')
    expect(zhHk.errors.refresh).toBe('請刷新重試')
  })
})
