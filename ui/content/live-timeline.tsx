// /live's flash list: grouped by day (UTC+8), window-virtualised (it grows to thousands of flashes
// with 加载更多 and the auto-loaded new ones). Each row is a day heading or one flash.
import type { LiveFlash } from '../../core/api/content'
import { WindowList } from './window-list'
import { dayHeading, FlashItem, list, liveRows, type LiveRow } from './live-list'

const rowKey = (r: LiveRow) => (r.kind === 'day' ? `d${r.day}` : r.flash.id)
/** first guesses before a row is measured: a heading, a flash of one or two lines */
const estimate = (r: LiveRow) => (r.kind === 'day' ? 44 : r.flash.content.length > 60 ? 88 : 64)

export function LiveTimeline({ items }: { items: readonly LiveFlash[] }) {
  return (
    <WindowList<LiveRow>
      rows={liveRows(items)}
      rowKey={rowKey}
      estimateSize={estimate}
      renderRow={(r) =>
        r.kind === 'day' ? (
          <h2 className={dayHeading} data-day={r.day}>
            {r.day}
          </h2>
        ) : (
          <ul className={list} data-day-item={r.flash.id}>
            <FlashItem flash={r.flash} compact={false} />
          </ul>
        )
      }
    />
  )
}
