// @vitest-environment jsdom
// The personal area's side panel (spec 001 §2): purchases and coupons only under the premium-shop flag,
// right after the third link.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { loginInfoFixture } from '../../core/testing/login-info'
import { makeServices, renderUi, siteConfig } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { My } from './my-layout'

afterEach(cleanup)

function sideLinks(premiumShop: boolean): string[] {
  renderUi(
    <WithSession actor={testSession(loginInfoFixture({ id: 1, nick: '老股民' }))}>
      <My>{() => <p>内容</p>}</My>
    </WithSession>,
    { services: makeServices({ config: siteConfig({ premiumShop }) }) },
  )
  return within(screen.getByRole('navigation')).getAllByRole('link').map((a) => `${a.textContent} ${a.getAttribute('href')}`)
}

describe('the personal area side panel', () => {
  it('without the premium-shop flag: no 我的购买, no 我的优惠券', () => {
    const links = sideLinks(false)
    expect(links.some((l) => l.includes('/my/purchase') || l.includes('/my/coupon'))).toBe(false)
    expect(links[0]).toBe('我的收藏 /my/favorite')
  })

  it('with it: 我的购买 and 我的优惠券 after the third link', () => {
    const links = sideLinks(true)
    expect(links.slice(3, 5)).toEqual(['我的购买 /my/purchase', '我的优惠券 /my/coupon'])
  })
})
