// A window-scrolled virtual list (@tanstack/react-virtual) for lists that reach thousands of rows
// (/live, /news): only the rows near the viewport are in the DOM; each row is measured after render
// (measureElement), so rows of any height line up. Not used on the home page (JS budget).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'

export const OVERSCAN = 6

/**
 * The viewport assumed before the window is measured: on the server (whose HTML then holds the
 * first screen's rows, for readers and crawlers without JavaScript) and in the browser's first
 * render, which must match it (hydration). The real size is measured right after.
 */
export const FIRST_RENDER_RECT = { width: 1200, height: 1000 }

export function WindowList<T>({
  rows,
  rowKey,
  estimateSize,
  renderRow,
  className,
}: {
  rows: readonly T[]
  rowKey: (row: T) => string | number
  estimateSize: (row: T) => number
  renderRow: (row: T, index: number) => ReactNode
  className?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  // the list's distance from the top of the document (the header, tabs… above it); content above
  // may change height (filters load), so it is checked after every render and on resize
  const measure = () => {
    const el = ref.current
    if (el) setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY))
  }
  useLayoutEffect(measure)
  useLayoutEffect(() => {
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => estimateSize(rows[i]!),
    getItemKey: (i) => rowKey(rows[i]!),
    overscan: OVERSCAN,
    scrollMargin,
    initialRect: FIRST_RENDER_RECT,
    initialOffset: 0,
  })
  const items = virtualizer.getVirtualItems()
  return (
    <div ref={ref} className={className} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {items.map((v) => (
        <div
          key={v.key}
          data-index={v.index}
          ref={virtualizer.measureElement}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` }}
        >
          {renderRow(rows[v.index]!, v.index)}
        </div>
      ))}
    </div>
  )
}
