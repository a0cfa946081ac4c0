import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { LiveFlash } from '../../core/api/content'
import { formatClock, formatDate } from '../../core/format/date-time'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { smallTagLook, clampLines, plainListLook } from '../styles/looks'

export const list = css`
  ${plainListLook}
`
const item = css`
  position: relative;
  padding: 0 0 16px 18px;
  border-left: 1px solid ${tokens.border};
  margin-left: 6px;
  &::before {
    content: '';
    position: absolute;
    left: -5px;
    top: 6px;
    width: 9px;
    height: 9px;
    border-radius: 50%;
    background: ${tokens.dot};
  }
  &[data-important='true']::before {
    background: ${tokens.important};
  }
  time {
    display: block;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  a {
    display: block;
  }
  &[data-important='true'] strong {
    color: ${tokens.important};
  }
`
const compactText = css`
  ${clampLines(3)}
`
const importantTag = css`
  display: inline-block;
  margin-right: 6px;
  ${smallTagLook(tokens.important, tokens.onBrand)}
`
export const dayHeading = css`
  margin: 8px 0 12px;
  font-size: 14px;
  color: ${tokens.textSecondary};
`

export function FlashItem({ flash, compact }: { flash: LiveFlash; compact: boolean }) {
  return (
    <li className={item} data-important={flash.important}>
      <time dateTime={new Date(flash.createTimestamp * 1000).toISOString()}>{formatClock(flash.createTimestamp)}</time>
      <Link href={`/live/${flash.id}`} className={compact ? compactText : undefined}>
        {flash.important ? <span className={importantTag}>{t('common.important')}</span> : null}
        {flash.title ? <strong>{flash.title}</strong> : null}
        {compact ? null : <span> {flash.content}</span>}
      </Link>
    </li>
  )
}

/** Rows of the day-grouped list: a heading for each day (UTC+8), then its flashes, newest first. */
export type LiveRow = { kind: 'day'; day: string } | { kind: 'flash'; flash: LiveFlash }
export function liveRows(items: readonly LiveFlash[]): LiveRow[] {
  const rows: LiveRow[] = []
  let day = ''
  for (const f of items) {
    const d = formatDate(f.createTimestamp)
    if (d !== day) rows.push({ kind: 'day', day: (day = d) })
    rows.push({ kind: 'flash', flash: f })
  }
  return rows
}

/** Flashes newest first; the full list groups them by day (UTC+8). Long lists: ui/content/live-timeline.tsx. */
export function LiveList({ items, compact = false }: { items: readonly LiveFlash[]; compact?: boolean }) {
  if (compact) {
    return (
      <ul className={list}>
        {items.map((f) => (
          <FlashItem key={f.id} flash={f} compact />
        ))}
      </ul>
    )
  }
  const groups: { day: string; flashes: LiveFlash[] }[] = []
  for (const f of items) {
    const day = formatDate(f.createTimestamp)
    const last = groups[groups.length - 1]
    if (last && last.day === day) last.flashes.push(f)
    else groups.push({ day, flashes: [f] })
  }
  return (
    <>
      {groups.map((g) => (
        <section key={g.day} aria-label={g.day}>
          <h2 className={dayHeading}>{g.day}</h2>
          <ul className={list}>
            {g.flashes.map((f) => (
              <FlashItem key={f.id} flash={f} compact={false} />
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}
