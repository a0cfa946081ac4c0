// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { DocBlocks } from './doc-blocks'

afterEach(cleanup)

describe('DocBlocks', () => {
  it('renders headings, paragraphs and grouped list items', () => {
    const { container } = render(
      <DocBlocks
        blocks={[
          { kind: 'heading', text: '一、总则' },
          { kind: 'paragraph', text: '第一段' },
          { kind: 'item', text: 'A' },
          { kind: 'item', text: 'B' },
          { kind: 'paragraph', text: '第二段' },
          { kind: 'item', text: 'C' },
        ]}
      />,
    )
    expect([...container.firstElementChild!.children].map((e) => e.tagName)).toEqual(['H2', 'P', 'UL', 'P', 'UL'])
    expect(container.querySelectorAll('ul')[0]!.textContent).toBe('AB')
  })

  it('shows markup in a value as text, never as HTML', () => {
    const { container } = render(<DocBlocks blocks={[{ kind: 'paragraph', text: '<img src=x onerror=alert(1)><b>粗</b>' }]} />)
    expect(container.querySelector('img, b')).toBeNull()
    expect(container.textContent).toBe('<img src=x onerror=alert(1)><b>粗</b>')
  })
})
