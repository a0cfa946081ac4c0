// @vitest-environment jsdom
// Rich text in the browser (spec 000 §3 tokens): what core's renderTokens writes survives the one
// sanitiser; a portfolio link token is a link to /portfolio/{id}; script and foreign schemes do not pass.
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderTokens } from '../../core/posting/rich-text'
import { RichHtml, sanitiseRichText } from './rich-html'

afterEach(cleanup)

describe('RichHtml', () => {
  it('a portfolio link token renders as a link to /portfolio/{id} with the name as its text', () => {
    const html = renderTokens([
      { type: 'text', text: '分享组合「' },
      { type: 'portfolio', code: '80', name: '港股<b>精选</b>' },
      { type: 'text', text: '」' },
    ])
    render(<RichHtml html={html} />)
    const link = screen.getByRole('link', { name: '港股<b>精选</b>' })
    expect(link.getAttribute('href')).toBe('/portfolio/80')
    expect(link.className).toBe('rt-portfolio')
    expect(link.parentElement?.textContent).toBe('分享组合「港股<b>精选</b>」')
  })

  it('drops what the renderer never writes: scripts, handlers, javascript: links', () => {
    expect(sanitiseRichText('<a class="rt-portfolio" href="javascript:alert(1)" onclick="x()">p</a><script>x()</script>')).toBe('<a class="rt-portfolio">p</a>')
  })
})
