// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WindowList } from './window-list'

afterEach(cleanup)

describe('WindowList', () => {
  it('renders only the rows near the viewport of a long list, placed by measured heights', () => {
    // jsdom has no layout: rows report the height a browser would measure (react-virtual reads offsetHeight)
    const rect = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.matches('[data-index]') ? (Number(this.dataset.index) % 2 ? 90 : 30) : 0
    })
    try {
      const rows = Array.from({ length: 5000 }, (_, i) => i)
      render(<WindowList<number> rows={rows} rowKey={(n) => n} estimateSize={() => 50} renderRow={(n) => <p>行 {n}</p>} />)
      expect(screen.getByText('行 0')).toBeTruthy()
      const shown = document.querySelectorAll('[data-index]').length
      expect(shown).toBeGreaterThan(10)
      expect(shown).toBeLessThan(40)
      expect(screen.queryByText('行 4999')).toBeNull()
      // rows are placed by their measured heights (30, 90, 30, …), not the estimate of 50
      const row = (i: number) => document.querySelector<HTMLElement>(`[data-index="${i}"]`)!.style.transform
      expect(row(1)).toBe('translateY(30px)')
      expect(row(2)).toBe('translateY(120px)')
      expect(row(4)).toBe('translateY(240px)')
    } finally {
      rect.mockRestore()
    }
  })
})
