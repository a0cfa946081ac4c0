// Tabs and segmented controls (issue 16, WAI-ARIA tabs pattern with automatic activation): one tab stop
// for the whole list (roving tabindex: only the chosen tab has tabindex 0), ←/→ (and ↑/↓) move to the
// previous/next tab and choose it, Home/End the first/last; wrapping around at the ends.
import { useRef, type KeyboardEvent, type ReactNode } from 'react'

/** The index a key moves to from `index` in a list of `count`, or null for a key the tabs do not use. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

export interface TabItem<K> {
  readonly key: K
  readonly label: ReactNode
  /** extra attributes for the tab button (test ids) */
  readonly testId?: string
}

export interface TabsProps<K> {
  readonly items: readonly TabItem<K>[]
  readonly value: K
  readonly onChange: (key: K) => void
  /** the tab list's accessible name */
  readonly label: string
  readonly className?: string
  /** when the tabs control a panel: its id (the panel should carry role=tabpanel and aria-labelledby={tabId(idBase, value)}) */
  readonly panelId?: string
  /** prefix of the tabs' ids, needed with `panelId` */
  readonly idBase?: string
  readonly testId?: string
}

export const tabId = (idBase: string, key: unknown) => `${idBase}-tab-${String(key)}`

export function Tabs<K extends string | number | boolean>({ items, value, onChange, label, className, panelId, idBase, testId }: TabsProps<K>) {
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTabIndex(e.key, index, items.length)
    if (next === null) return
    e.preventDefault()
    const item = items[next]!
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus()
    if (item.key !== value) onChange(item.key)
  }
  // a value that is not one of the items (still loading) leaves the first tab as the tab stop
  const selectedIndex = Math.max(0, items.findIndex((i) => i.key === value))
  return (
    <div ref={list} role="tablist" aria-label={label} className={className} data-testid={testId}>
      {items.map((item, i) => {
        const selected = item.key === value
        return (
          <button
            key={String(item.key)}
            type="button"
            role="tab"
            id={idBase ? tabId(idBase, item.key) : undefined}
            aria-selected={selected}
            aria-controls={selected && panelId ? panelId : undefined}
            tabIndex={i === selectedIndex ? 0 : -1}
            data-testid={item.testId}
            onClick={() => {
              if (!selected) onChange(item.key)
            }}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}
