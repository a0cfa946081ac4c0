// The generator (scripts/gen-zh-hk.ts) makes Hong Kong text: every string of the committed zh-hk
// bundle is checked with the server's conversion (server/i18n/to-hk.ts) and its wording table
// (core/locale/hk-wording.ts). Here rather than in ui/i18n: ui may not import server.
import { describe, expect, it } from 'vitest'
import { zhCn } from '../ui/i18n/zh-cn'
import { zhHk } from '../ui/i18n/zh-hk'
import { zhHkOverrides } from '../ui/i18n/zh-hk-overrides'
import { mainlandTermsIn, simplifiedCharsIn, toHk } from '../server/i18n/to-hk'

type Tree = { readonly [k: string]: string | Tree }
const leaves = (t: Tree, p = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[p + k, v] as [string, string]] : leaves(v, `${p}${k}.`)))

describe('zh-hk resources, every string', () => {
  it('hold no mainland term of the Hong Kong wording table (core/locale/hk-wording.ts), in any string', () => {
    const found = leaves(zhHk as unknown as Tree).flatMap(([k, v]) => mainlandTermsIn(v).map((term) => `${k}: ${term}`))
    expect(found).toEqual([])
  })
  // the language toggle shows the script it switches to: simplified on purpose
  const OTHER_SCRIPT = new Set(['header.langToggle'])
  it('are each what the zh-hk conversion keeps: no simplified character, nothing left to convert', () => {
    const unconverted = leaves(zhHk as unknown as Tree).filter(([k, v]) => !OTHER_SCRIPT.has(k) && (toHk(v) !== v || simplifiedCharsIn(v).length > 0))
    expect(unconverted).toEqual([])
  })
  it('need every override: without it the key would read differently', () => {
    const redundant = Object.entries(zhHkOverrides).filter(([k, o]) => {
      const cn = new Map(leaves(zhCn as unknown as Tree)).get(k)!
      return toHk(cn) === o.text
    })
    expect(redundant.map(([k]) => k)).toEqual([])
  })
})
