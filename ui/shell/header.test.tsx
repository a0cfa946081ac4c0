// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeServices, renderUi, siteConfig } from '../testing/render'
import { Header } from './header'
import { Layout } from './layout'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const mainNav = () => screen.getByRole('navigation', { name: '主导航' })
const navLink = (name: string) => within(mainNav()).getByRole('link', { name })

describe('Header', () => {
  it('shows the logo as h1 in the default layout and as h2 in the details layout', () => {
    renderUi(
      <Layout name="default">
        <p>内容</p>
      </Layout>,
    )
    const h1 = screen.getByRole('heading', { level: 1 })
    expect(within(h1).getByRole('link', { name: '港美汇' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('heading', { level: 2, name: '港美汇' })).toBeNull()
    cleanup()

    renderUi(
      <Layout name="details">
        <p>内容</p>
      </Layout>,
    )
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    const h2 = screen.getByRole('heading', { level: 2, name: '港美汇' })
    expect(within(h2).getByRole('link', { name: '港美汇' }).getAttribute('href')).toBe('/')
  })

  it('links the navigation entries; 会员圈 opens in a new tab with rel noopener', () => {
    renderUi(<Header logoLevel={1} />, { path: '/news/12' })
    const expected: [string, string][] = [
      ['首页', '/'],
      ['热帖', '/hotpost'],
      ['快讯', '/live'],
      ['新闻', '/news'],
      ['深度', '/depthRss'],
      ['专题', '/subject'],
      ['专栏', '/column'],
      ['行情', '/market'],
      ['会员圈', '/chiefCircle'],
    ]
    for (const [name, href] of expected) expect(navLink(name).getAttribute('href')).toBe(href)
    const circle = navLink('会员圈')
    expect(circle.getAttribute('target')).toBe('_blank')
    expect(circle.getAttribute('rel')?.split(' ')).toContain('noopener')
    expect(navLink('首页').getAttribute('target')).toBeNull()
    // the current section is marked
    expect(navLink('新闻').getAttribute('aria-current')).toBe('page')
    expect(navLink('首页').getAttribute('aria-current')).toBeNull()
  })

  it('marks 快讯 on a news flash (/live/{id}) but not on a circle’s live room (id from 1,000,000,000)', () => {
    const flash = renderUi(<Header logoLevel={1} />, { path: '/live/42' })
    expect(navLink('快讯').getAttribute('aria-current')).toBe('page')
    flash.unmount()
    renderUi(<Header logoLevel={1} />, { path: '/live/1000000001' })
    expect(navLink('快讯').getAttribute('aria-current')).toBeNull()
  })

  it('shows the member entry /member only when config.vipDisplay is true', () => {
    renderUi(<Header logoLevel={1} />, { services: makeServices({ config: siteConfig({ vipDisplay: false }) }) })
    expect(within(mainNav()).queryByRole('link', { name: '会员' })).toBeNull()
    cleanup()

    renderUi(<Header logoLevel={1} />, { services: makeServices({ config: null }) })
    expect(within(mainNav()).queryByRole('link', { name: '会员' })).toBeNull()
    cleanup()

    renderUi(<Header logoLevel={1} />, { services: makeServices({ config: siteConfig({ vipDisplay: true }) }) })
    expect(navLink('会员').getAttribute('href')).toBe('/member')
  })

  it('shows the external 数据 link from config.externalDataUrl', () => {
    renderUi(<Header logoLevel={1} />, { services: makeServices({ config: siteConfig({ externalDataUrl: '' }) }) })
    expect(within(mainNav()).queryByRole('link', { name: '数据' })).toBeNull()
    cleanup()

    renderUi(<Header logoLevel={1} />, { services: makeServices({ config: siteConfig({ externalDataUrl: 'https://data.example.com/hk' }) }) })
    const data = navLink('数据')
    expect(data.getAttribute('href')).toBe('https://data.example.com/hk')
    expect(data.getAttribute('target')).toBe('_blank')
    expect(data.getAttribute('rel')?.split(' ')).toContain('noopener')
  })

  it('language toggle: two quick clicks do not switch', () => {
    vi.useFakeTimers()
    const { services } = renderUi(<Header logoLevel={1} />)
    const toggle = screen.getByRole('button', { name: '切换到繁体中文' })
    fireEvent.click(toggle)
    act(() => vi.advanceTimersByTime(100))
    fireEvent.click(toggle)
    act(() => vi.advanceTimersByTime(1_000))
    expect(services.setLangCookie).not.toHaveBeenCalled()
    expect(services.reload).not.toHaveBeenCalled()
  })

  it('language toggle: one click switches to zh-hk after 300 ms, storing the cookie and reloading', () => {
    vi.useFakeTimers()
    const { services } = renderUi(<Header logoLevel={1} />)
    fireEvent.click(screen.getByRole('button', { name: '切换到繁体中文' }))
    act(() => vi.advanceTimersByTime(299))
    expect(services.setLangCookie).not.toHaveBeenCalled()
    expect(services.reload).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(services.setLangCookie).toHaveBeenCalledTimes(1)
    expect(services.setLangCookie).toHaveBeenCalledWith('zh-hk')
    expect(services.reload).toHaveBeenCalledTimes(1)
    const cookieOrder = services.setLangCookie.mock.invocationCallOrder[0]!
    const reloadOrder = services.reload.mock.invocationCallOrder[0]!
    expect(cookieOrder).toBeLessThan(reloadOrder)
  })

  it('the post menu opens with 发讨论 and 写长文 (/articleCreate/norpub.html)', () => {
    renderUi(<Header logoLevel={1} />)
    const post = screen.getByRole('button', { name: '发布' })
    expect(post.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('menu')).toBeNull()
    fireEvent.click(post)
    expect(post.getAttribute('aria-expanded')).toBe('true')
    const menu = screen.getByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: '发讨论' })).toBeTruthy()
    expect(within(menu).getByRole('menuitem', { name: '写长文' }).getAttribute('href')).toBe('/articleCreate/norpub.html')
    fireEvent.click(post)
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('searching navigates to /search with the keyword', () => {
    const { location } = renderUi(<Header logoLevel={1} />)
    const box = screen.getByRole('combobox', { name: '搜索股票/文章/快讯' })
    fireEvent.change(box, { target: { value: '  腾讯 控股 ' } })
    fireEvent.submit(screen.getByRole('search'))
    expect(location.history.at(-1)).toBe(`/search?keyword=${encodeURIComponent('腾讯 控股')}`)
  })
})
