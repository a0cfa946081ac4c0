// Fan counts show by the spec's k rule (spec 000 §9 / 001 §9: over 9,999 in thousands with k; core/format
// formatFans) wherever a view prints one: every line of ui/** that reads a `.fans` count passes it through
// formatFans, so a raw 12345 never reaches a reader.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatFans } from '../../core/format/big-number'

const UI = join(import.meta.dirname, '..')

function views(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return views(p)
    return f.endsWith('.tsx') && !f.endsWith('.test.tsx') ? [p] : []
  })
}

describe('fan counts in views', () => {
  const lines = views(UI).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((text, i) => ({ at: `${relative(UI, file)}:${i + 1}`, text }))
      // a count read from data, not an i18n key such as 'columns.fans'
      .filter(({ text }) => /(?<![\w.'"])[\w?.]+\.fans\b/.test(text)),
  )

  it('the scan finds the personal pages, the columnists and the recommendations', () => {
    const files = new Set(lines.map((l) => l.at.split(':')[0]))
    for (const f of ['common/my-layout.tsx', 'user/user-page.tsx', 'reading/columns/columnists-page.tsx', 'reading/community/recommend-users-page.tsx']) expect(files).toContain(f)
  })

  it('every fan count shown goes through formatFans', () => {
    const raw = lines.filter(({ text }) => [...text.matchAll(/(?<![\w.'"])[\w?.]+\.fans\b/g)].some((m) => !text.includes(`formatFans(${m[0]}`)))
    expect(raw.map((l) => `${l.at}: ${l.text.trim()}`)).toEqual([])
  })

  it('the rule itself: 9,999 whole, above it in k', () => {
    expect(formatFans(9999)).toBe('9999')
    expect(formatFans(12345)).toBe('12.35k')
  })
})
