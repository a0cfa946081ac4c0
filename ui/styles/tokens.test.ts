// Issue 16: colour tokens pass WCAG AA, and no colour is written outside ui/styles/.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { contrastRatio, relativeLuminance } from './contrast'
import { GRAPHIC_PAIRS, TEXT_PAIRS, tokens } from './tokens'

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

describe('tokens', () => {
  it.each(TEXT_PAIRS)('text %s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(4.5)
  })
  it.each(GRAPHIC_PAIRS)('graphic %s on %s is at least 3:1', (fg, bg) => {
    expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(3)
  })
  it('keeps red up and green down (Chinese convention)', () => {
    const [ur, ug] = [parseInt(tokens.up.slice(1, 3), 16), parseInt(tokens.up.slice(3, 5), 16)]
    const [dr, dg] = [parseInt(tokens.down.slice(1, 3), 16), parseInt(tokens.down.slice(3, 5), 16)]
    expect(ur).toBeGreaterThan(ug * 3)
    expect(dg).toBeGreaterThan(dr * 3)
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
