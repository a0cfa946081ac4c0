import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CIRCLE_TYPES } from '../circles/limits'
import {
  ANNOUNCEMENT_MAX,
  COMMUNITY_MESSAGES as M,
  COMMUNITY_NAME_MAX,
  COMMUNITY_TAG_NAME_MAX,
  COMMUNITY_TYPES,
  communityFormErrors,
  dailyCounts,
  dayStart,
  firstCommunityError,
  isCommunityType,
  memberSwitchBlock,
  tagNameError,
  type CommunityWrite,
} from './communities'

const ok = { name: '打新交流社群', brief: '港美股新股申购经验交流。', intro: '', tip: '' }

describe('what a community is', () => {
  it('the moment feeds of financial circles and groups; courses and live columns have their own consoles', () => {
    expect(CIRCLE_TYPES.filter(isCommunityType)).toEqual(['FINANCIAL_CIRCLE', 'GROUP'])
    expect(COMMUNITY_TYPES).toEqual(['FINANCIAL_CIRCLE', 'GROUP'])
  })
})

describe('the create/edit form', () => {
  it('names each failing field with its message, in the form order', () => {
    expect(firstCommunityError(ok)).toBe('')
    expect(communityFormErrors({ ...ok, name: '  ' }).name).toBe(M.nameRequired)
    expect(communityFormErrors({ ...ok, name: '港'.repeat(COMMUNITY_NAME_MAX + 1) }).name).toBe(M.nameTooLong)
    expect(communityFormErrors({ ...ok, brief: '' }).brief).toBe(M.briefRequired)
    expect(firstCommunityError({ ...ok, name: '', brief: '' })).toBe(M.nameRequired)
    expect(firstCommunityError({ ...ok, intro: '介'.repeat(5001) })).toBe(M.introTooLong)
    expect(firstCommunityError({ ...ok, tip: '须'.repeat(1001) })).toBe(M.tipTooLong)
    expect(M.announcementTooLong).toContain(String(ANNOUNCEMENT_MAX))
  })

  it('accepts exactly the names of 1 to 30 characters after trimming (counted as characters, not UTF-16 units)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const n = Array.from(name.trim()).length
        const error = communityFormErrors({ ...ok, name }).name
        expect(error === '').toBe(n >= 1 && n <= COMMUNITY_NAME_MAX)
      }),
    )
  })
})

describe('tag names', () => {
  it('required, bounded, not repeated', () => {
    expect(tagNameError('盘前策略', ['复盘'])).toBe('')
    expect(tagNameError(' ', [])).toBe(M.tagRequired)
    expect(tagNameError('标'.repeat(COMMUNITY_TAG_NAME_MAX + 1), [])).toBe(M.tagTooLong)
    expect(tagNameError(' 复盘 ', ['复盘'])).toBe(M.tagExists)
  })
})

describe('a member\'s switches in one community', () => {
  // truth table: [publishable, muted] × write → message
  const WRITES: readonly CommunityWrite[] = ['moment', 'question', 'answer', 'comment']
  const TABLE: readonly [boolean, boolean, Record<CommunityWrite, string>][] = [
    [true, false, { moment: '', question: '', answer: '', comment: '' }],
    [false, false, { moment: M.notPublishable, question: '', answer: '', comment: '' }],
    [true, true, { moment: M.muted, question: M.muted, answer: M.muted, comment: M.muted }],
    [false, true, { moment: M.muted, question: M.muted, answer: M.muted, comment: M.muted }],
  ]
  it.each(TABLE)('publishable %s, muted %s', (publishable, muted, expected) => {
    for (const w of WRITES) expect(memberSwitchBlock({ publishable, muted }, w), w).toBe(expected[w])
  })
  it('a reader without a member row (the owner, an admin) is never switched off', () => {
    for (const w of WRITES) expect(memberSwitchBlock(null, w)).toBe('')
  })
})

describe('the summary\'s days', () => {
  const NOW = 1_800_000_000
  it('a day starts at midnight in Hong Kong (UTC+8)', () => {
    // 2027-01-15 00:00 +08:00 is 2027-01-14 16:00 UTC
    const midnight = Date.UTC(2027, 0, 14, 16) / 1000
    expect(dayStart(midnight)).toBe(midnight)
    expect(dayStart(midnight - 1)).toBe(midnight - 86_400)
    expect(dayStart(midnight + 86_399)).toBe(midnight)
  })

  it('counts each timestamp on its day, oldest day first, and nothing outside the window', () => {
    const today = dayStart(NOW)
    const series = dailyCounts([NOW, NOW - 10, today - 1, today - 40 * 86_400, NOW + 86_400], NOW, 3)
    expect(series).toEqual([
      { day: today - 2 * 86_400, count: 0 },
      { day: today - 86_400, count: 1 },
      { day: today, count: 2 },
    ])
  })

  it('property: the days sum to the timestamps inside the window, whatever they are', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: NOW - 60 * 86_400, max: NOW + 86_400 })), fc.integer({ min: 1, max: 40 }), (ts, days) => {
        const series = dailyCounts(ts, NOW, days)
        expect(series).toHaveLength(days)
        const from = series[0]!.day
        const to = dayStart(NOW) + 86_400
        expect(series.reduce((n, d) => n + d.count, 0)).toBe(ts.filter((t) => t >= from && t < to).length)
      }),
    )
  })
})
