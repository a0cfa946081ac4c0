// @vitest-environment jsdom
// Issue 16: tabs and segmented controls move with the arrow keys (WAI-ARIA tabs, roving tabindex).
import { useState } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { nextTabIndex, Tabs } from './tabs'

afterEach(cleanup)

const ITEMS = [
  { key: 'minute', label: '分时' },
  { key: 'daily', label: '日K' },
  { key: 'weekly', label: '周K' },
] as const

function Harness() {
  const [value, setValue] = useState<string>('minute')
  return (
    <>
      <button type="button">before</button>
      <Tabs items={ITEMS} value={value} onChange={setValue} label="周期" />
      <output>{value}</output>
      <button type="button">after</button>
    </>
  )
}

describe('Tabs', () => {
  it('is one tab stop; arrows, Home and End move focus and choose, wrapping at the ends', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.getByRole('tablist', { name: '周期' })).toBeTruthy()
    await user.click(screen.getByText('before'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '分时' }))
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1])
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '日K' }))
    expect(screen.getByRole('tab', { name: '日K' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe('daily')
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1])
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('status').textContent).toBe('minute')
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('status').textContent).toBe('weekly')
    await user.keyboard('{Home}')
    expect(screen.getByRole('status').textContent).toBe('minute')
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '周K' }))
    // Tab leaves the list for the next control, not the next tab
    await user.tab()
    expect(document.activeElement).toBe(screen.getByText('after'))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '周K' }))
  })

  it('nextTabIndex stays in range and ← undoes →', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), fc.constantFrom('ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End'), (count, i, key) => {
        const index = i % count
        const next = nextTabIndex(key, index, count)!
        return next >= 0 && next < count && nextTabIndex('ArrowLeft', nextTabIndex('ArrowRight', index, count)!, count) === index
      }),
    )
    expect(nextTabIndex('a', 0, 3)).toBeNull()
  })
})
