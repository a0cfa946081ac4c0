// @vitest-environment jsdom
// spec 000 §2 'Layouts': the twelve layouts, the protocol layout's narrow rule, no footer on chatroom pages.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderUi } from '../testing/render'
import { isChatroomPath, Layout, LAYOUT_PARTS, NARROW_MAX_WIDTH_PX, narrowHidden, type LayoutName } from './layout'

afterEach(cleanup)

const draw = (name: LayoutName, path = '/') =>
  renderUi(
    <Layout name={name} path={path}>
      <p>页面内容</p>
    </Layout>,
    { path },
  )

describe('the layouts of spec 000 §2', () => {
  it('names the twelve layouts of the spec, and spec 001 §2\'s WeCom layout', () => {
    expect(Object.keys(LAYOUT_PARTS).sort()).toEqual(
      ['activity', 'default', 'details', 'chat', 'my', 'user', 'member', 'protocol', 'privilege', 'empty', 'none', 'greyBackground', 'wecom'].sort(),
    )
  })

  it('draws each layout with the header and footer its row says, the page always inside <main>', () => {
    for (const name of Object.keys(LAYOUT_PARTS) as LayoutName[]) {
      const parts = LAYOUT_PARTS[name]
      draw(name, '/news')
      const main = screen.getByRole('main')
      expect(main.getAttribute('data-layout'), name).toBe(name)
      expect(within(main).getByText('页面内容'), name).toBeTruthy()
      expect(screen.queryByRole('banner') !== null, name).toBe(parts.header !== null)
      expect(screen.queryByRole('contentinfo') !== null, name).toBe(parts.footer)
      expect(screen.queryByRole('navigation', { name: '主导航' }) !== null, name).toBe(parts.header === 'h1' || parts.header === 'h2')
      cleanup()
    }
  })

  it('the activity layout has the brand bar without the site navigation; empty and none have no header', () => {
    draw('activity', '/activity/20200928')
    expect(within(screen.getByRole('banner')).getByRole('link', { name: '港美汇' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull()
    cleanup()
    for (const name of ['empty', 'none'] as const) {
      draw(name)
      expect(screen.queryByRole('banner'), name).toBeNull()
      expect(screen.queryByTestId('skip-link'), name).toBeNull()
      cleanup()
    }
  })

  it('the default layout hides the footer on chatroom pages and only there', () => {
    for (const path of ['/chatroom', '/chatroom/12', '/chiefChatroom']) {
      draw('default', path)
      expect(screen.getByRole('banner'), path).toBeTruthy()
      expect(screen.queryByRole('contentinfo'), path).toBeNull()
      cleanup()
    }
    for (const path of ['/', '/news', '/chatrooms', '/chat', '/chiefChatroomX']) {
      draw('default', path)
      expect(screen.getByRole('contentinfo'), path).toBeTruthy()
      cleanup()
    }
    expect(isChatroomPath('/chiefChatroom/')).toBe(true)
    expect(isChatroomPath('/my/chatroom')).toBe(false)
  })

  it('the protocol layout wraps its header and footer in the ≤ 750 px hiding rule, the page itself outside it', () => {
    expect(NARROW_MAX_WIDTH_PX).toBe(750)
    draw('protocol', '/terms/userAgreement')
    const hidden = [...document.querySelectorAll('[data-chrome="narrow-hidden"]')]
    expect(hidden.map((el) => el.className)).toEqual([narrowHidden, narrowHidden])
    expect(within(hidden[0] as HTMLElement).getByRole('banner')).toBeTruthy()
    expect(within(hidden[1] as HTMLElement).getByRole('contentinfo')).toBeTruthy()
    expect(hidden.some((el) => el.contains(screen.getByRole('main')))).toBe(false)
    cleanup()
    // no other layout hides its chrome when narrow
    draw('default', '/news')
    expect(document.querySelectorAll('[data-chrome="narrow-hidden"]')).toHaveLength(0)
    // the rule itself (linaria extracts it at build; the journey checks it in Chromium at 700 px)
    const source = readFileSync(resolve(process.cwd(), 'ui/shell/layout.tsx'), 'utf8')
    expect(source).toMatch(/export const narrowHidden = css`\s*@media \(max-width: \$\{NARROW_MAX_WIDTH_PX\}px\) \{\s*display: none;/)
  })
})
