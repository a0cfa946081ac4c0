import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LIVE_STATUS_CODES } from '../live/limits'
import { bucketSeconds, DATA_POINTS_MAX, playbackLength, isManageTab, LIVE_ADMIN_MESSAGES as M, MANAGE_TABS, playbackEditable, roomErrors, startEditable } from './live'

describe('the manage tabs', () => {
  it('are the spec’s six, in its order', () => {
    expect(MANAGE_TABS).toEqual(['basicInfo', 'commentManage', 'dataAnalysis', 'playbackSet', 'startSet', 'userManage'])
    expect(isManageTab('startSet')).toBe(true)
    expect(isManageTab('settings')).toBe(false)
  })
})

describe('the room form', () => {
  const now = 1_800_000_000
  it('a title is accepted exactly when it has 1 to 60 characters after trimming', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (title) => {
        const n = [...title.trim()].length
        expect(roomErrors({ title, brief: '', startTimestamp: now }, now).some((e) => e.field === 'title')).toBe(n === 0 || n > 60)
      }),
    )
  })

  it('needs a title of 1–60 and a start not before now (a minute’s grace)', () => {
    expect(roomErrors({ title: '周三直播', brief: '', startTimestamp: now + 60 }, now)).toEqual([])
    expect(roomErrors({ title: '周三直播', brief: '', startTimestamp: now - 30 }, now)).toEqual([])
    expect(roomErrors({ title: '', brief: '', startTimestamp: null }, now)).toEqual([
      { field: 'title', message: M.titleInvalid },
      { field: 'startTimestamp', message: M.startRequired },
    ])
    expect(roomErrors({ title: '直播', brief: '简'.repeat(301), startTimestamp: now - 3600 }, now)).toEqual([
      { field: 'brief', message: M.roomBriefTooLong },
      { field: 'startTimestamp', message: M.startTooLate },
    ])
    // a started room's time is history: not checked
    expect(roomErrors({ title: '直播', brief: '', startTimestamp: now - 3600 }, now, false)).toEqual([])
  })

  it('the start time changes only while booked; the playback choice until the end', () => {
    const S = LIVE_STATUS_CODES
    expect([S.RESERVATION, S.LIVE, S.PAUSE, S.PLAYBACK].map(startEditable)).toEqual([true, false, false, false])
    expect([S.RESERVATION, S.LIVE, S.PAUSE, S.PLAYBACK, S.NOT_PLAYBACK, S.BACK_GENERATION, -1, S.DELETED].map(playbackEditable)).toEqual([true, true, true, false, false, false, false, false])
  })
})

describe('the data tab’s buckets', () => {
  it('whole minutes, never more than the chart’s points', () => {
    expect(bucketSeconds(0)).toBe(60)
    expect(bucketSeconds(7200)).toBe(60)
    expect(bucketSeconds(36_000)).toBe(300)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 86_400 }), (span) => {
        const b = bucketSeconds(span)
        expect(b % 60).toBe(0)
        expect(Math.ceil(span / b)).toBeLessThanOrEqual(DATA_POINTS_MAX)
      }),
    )
  })
})

describe('a playback’s length', () => {
  it('m:ss under an hour, h:mm:ss from an hour', () => {
    expect([0, 5, 65, 3599, 3600, 3725].map(playbackLength)).toEqual(['0:00', '0:05', '1:05', '59:59', '1:00:00', '1:02:05'])
  })
})
