// The minute chart's x axis covers the whole trading day from the first minute, before data fills it:
// HK 09:30–12:00 and 13:00–16:00 (the lunch break takes no width: 12:00 and 13:00 share one mark),
// US 09:30–16:00 (core/market/sessions.ts TRADING_HOURS).
import { TRADING_HOURS, elapsedIn, regularSessionsOf, sessionSeconds, type MarketId } from './sessions'

/** Width of the axis in trading minutes: HK 330, US 390. */
export function sessionMinutes(market: MarketId): number {
  return sessionSeconds(market) / 60
}

/**
 * Where a minute bar (stamped with its end, seconds) sits on the axis: trading minutes since the open of
 * `day`, a day the server named as trading (a half day fills the morning of a full-width axis).
 */
export function minutePosition(market: MarketId, day: number, time: number): number {
  return Math.round(elapsedIn(regularSessionsOf(market, day), time) / 60)
}

const hhmm = (minuteOfDay: number) => `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`

export interface AxisMark {
  /** trading minutes since the open */
  pos: number
  label: string
}

/**
 * The labelled marks of the axis: the open, the close, every session boundary ('12:00/13:00' for the HK
 * lunch break) and whole or half hours between them, at least `minGap` trading minutes apart.
 */
export function minuteAxisMarks(market: MarketId, minGap = 60): AxisMark[] {
  const sessions = TRADING_HOURS[market]
  const marks: AxisMark[] = []
  let offset = 0
  sessions.forEach(([a, b], i) => {
    const prev = sessions[i - 1]
    if (i === 0) marks.push({ pos: 0, label: hhmm(a) })
    else if (prev) (marks[marks.length - 1] as AxisMark).label = `${hhmm(prev[1])}/${hhmm(a)}`
    // half hours inside the session, kept only when far enough from the marks on both sides
    for (let m = Math.ceil((a + 1) / 30) * 30; m < b; m += 30) {
      const pos = offset + m - a
      const last = marks[marks.length - 1] as AxisMark
      if (pos - last.pos >= minGap && offset + (b - a) - pos >= minGap) marks.push({ pos, label: hhmm(m) })
    }
    offset += b - a
    marks.push({ pos: offset, label: hhmm(b) })
  })
  return marks
}
