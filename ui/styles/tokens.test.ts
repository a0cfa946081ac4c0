// Issue 16: colour tokens pass WCAG AA, and no colour is written outside ui/styles/.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { contrastRatio, relativeLuminance } from './contrast'
import { GRAPHIC_PAIRS, PRICE_HEX, PRICE_VARS, TEXT_PAIRS, tokens } from './tokens'
import { COLOUR_SCHEMES, type ColourScheme } from '../../core/market/price-colour'

const UI = fileURLToPath(new URL('..', import.meta.url))

describe('contrast ratio (WCAG relative luminance)', () => {
  it('matches the known figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1)
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10)
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#777777', '#fff')).toBeLessThan(4.5)
    // the tokens this issue replaced failed: old green of falling prices and old muted grey on white
    expect(contrastRatio('#00a870', '#ffffff')).toBeLessThan(4.5)
    expect(contrastRatio('#8f959e', '#ffffff')).toBeLessThan(4.5)
  })
  it('is symmetric and between 1 and 21', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`)
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b)
        return r === contrastRatio(b, a) && r >= 1 && r <= 21 + 1e-9
      }),
    )
  })
})

type Token = keyof typeof tokens
const isPriceToken = (k: Token): k is keyof typeof PRICE_VARS => k in PRICE_VARS
/** a token's real colour under a scheme: the price tokens are CSS variables whose hex is PRICE_HEX's */
const hexOf = (k: Token, scheme: ColourScheme): string => (isPriceToken(k) ? PRICE_HEX[scheme][k] : tokens[k])
const red = (hex: string) => parseInt(hex.slice(1, 3), 16) > parseInt(hex.slice(3, 5), 16) * 3
const green = (hex: string) => parseInt(hex.slice(3, 5), 16) > parseInt(hex.slice(1, 3), 16) * 3

describe.each(COLOUR_SCHEMES)('tokens under %s', (scheme) => {
  it.each(TEXT_PAIRS)('text %s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrastRatio(hexOf(fg, scheme), hexOf(bg, scheme))).toBeGreaterThanOrEqual(4.5)
  })
  it.each(GRAPHIC_PAIRS)('graphic %s on %s is at least 3:1', (fg, bg) => {
    expect(contrastRatio(hexOf(fg, scheme), hexOf(bg, scheme))).toBeGreaterThanOrEqual(3)
  })
})

describe('price tokens (issue 24)', () => {
  it('are the CSS variables global.ts sets, one per direction', () => {
    for (const k of Object.keys(PRICE_VARS) as (keyof typeof PRICE_VARS)[]) expect(tokens[k]).toBe(`var(${PRICE_VARS[k]})`)
  })
  it('are red up and green down by default (Chinese convention), green up and red down when chosen', () => {
    expect(red(PRICE_HEX.redUp.up) && green(PRICE_HEX.redUp.down)).toBe(true)
    expect(green(PRICE_HEX.greenUp.up) && red(PRICE_HEX.greenUp.down)).toBe(true)
    // a scheme swaps the hues and tints, it adds none
    expect(PRICE_HEX.greenUp).toEqual({ up: PRICE_HEX.redUp.down, down: PRICE_HEX.redUp.up, upBg: PRICE_HEX.redUp.downBg, downBg: PRICE_HEX.redUp.upBg })
    expect([tokens.red, tokens.green]).toEqual([PRICE_HEX.redUp.up, PRICE_HEX.redUp.down])
  })
})

// hex (#abc, #aabbcc, #aabbccdd), rgb()/rgba()/hsl()/hsla(), and named colours as a CSS value
export const COLOUR_LITERAL = /(?<![\w&-])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])|\b(?:rgba?|hsla?)\(|(?:color|background|fill|stroke|border(?:-\w+)?)\s*[:=]\s*['"]?(?:white|black|red|green|blue|gr[ae]y|orange|yellow|silver)\b/i

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sources(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : []
  })
}

describe('colour literals', () => {
  it('the pattern finds what it should and nothing else', () => {
    for (const s of ['color: #fff;', "background: '#00a870'", 'rgba(0, 0, 0, 0.4)', 'color: white', "stroke='#abcdef'", 'fill="black"'])
      expect(s).toMatch(COLOUR_LITERAL)
    for (const s of ['href="#main"', 'a[href="#top"]', '&#x27;', 'id="face"', 'colour: tokens.text', "'#bad-id'"]) expect(s).not.toMatch(COLOUR_LITERAL)
  })
  it('no colour is written in ui/ outside ui/styles/', () => {
    const offenders: string[] = []
    for (const file of sources(UI)) {
      const rel = relative(UI, file)
      // ui/dev is the development-only machine viewer (never in a production bundle), with its own palette
      if (rel.startsWith('styles') || rel.startsWith('dev')) continue
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (COLOUR_LITERAL.test(line)) offenders.push(`ui/${rel}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(offenders).toEqual([])
  })
})
