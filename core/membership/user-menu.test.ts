import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { showNewCertificationBadge, userMenu, type UserMenuInput } from './user-menu'

const NOW = Date.UTC(2024, 4, 15)
const DAY = 86_400_000
const sec = (ms: number) => Math.floor(ms / 1000)

describe('NEW certification badge (spec 000 §9: 30 days)', () => {
  it('shows for 30 days from createTime in seconds', () => {
    expect(showNewCertificationBadge(sec(NOW), NOW)).toBe(true)
    expect(showNewCertificationBadge(sec(NOW - 29 * DAY), NOW)).toBe(true)
    expect(showNewCertificationBadge(sec(NOW - 30 * DAY) + 1, NOW)).toBe(true)
    expect(showNewCertificationBadge(sec(NOW - 30 * DAY), NOW)).toBe(false)
    expect(showNewCertificationBadge(sec(NOW - 400 * DAY), NOW)).toBe(false)
  })
  it('shown iff now − createTime < 30 days', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), fc.integer({ min: 0, max: 4_000_000_000_000 }), (createTime, now) => {
      expect(showNewCertificationBadge(createTime, now)).toBe(now - createTime * 1000 < 30 * DAY)
    }))
  })
})

describe('userMenu (spec 000 §2)', () => {
  it('lists the logged-in entries in the table order', () => {
    const menu = userMenu({ userId: 42, vipDisplay: true, advisoryCertification: { createTime: sec(NOW - DAY) }, nowMs: NOW })
    expect(menu.map((e) => [e.key, e.route, e.newBadge])).toEqual([
      ['userMenu.myHomepage', '/user/42', false],
      ['userMenu.myPortfolio', '/user/42/portfolio', false],
      ['userMenu.publications', '/my/publish', false],
      ['userMenu.favourites', '/my/favorite', false],
      ['userMenu.settings', '/my/setting', false],
      ['userMenu.purchases', '/my/purchase', false],
      ['userMenu.circleAdmin', '/circle-admin', true],
      ['userMenu.logout', null, false],
    ])
    expect(menu.at(-1)?.action).toBe('logout')
  })
  it('leaves out purchases without VIP display and circle admin without a certification', () => {
    const menu = userMenu({ userId: 42, vipDisplay: false, advisoryCertification: null, nowMs: NOW })
    expect(menu.map((e) => e.key)).toEqual(['userMenu.myHomepage', 'userMenu.myPortfolio', 'userMenu.publications', 'userMenu.favourites', 'userMenu.settings', 'userMenu.logout'])
  })
  it('an old certification keeps the entry without the badge', () => {
    const menu = userMenu({ userId: 42, vipDisplay: false, advisoryCertification: { createTime: sec(NOW - 31 * DAY) }, nowMs: NOW })
    expect(menu.find((e) => e.key === 'userMenu.circleAdmin')).toEqual({ key: 'userMenu.circleAdmin', route: '/circle-admin', newBadge: false, action: 'navigate' })
  })
  it('guests get no menu', () => {
    expect(userMenu({ userId: null, vipDisplay: true, advisoryCertification: { createTime: 0 }, nowMs: NOW })).toEqual([])
  })

  const input: fc.Arbitrary<UserMenuInput> = fc.record({
    userId: fc.integer({ min: 1, max: 1e9 }),
    vipDisplay: fc.boolean(),
    advisoryCertification: fc.option(fc.record({ createTime: fc.integer({ min: sec(NOW) - 60 * 86_400, max: sec(NOW) + 86_400 }) })),
    nowMs: fc.constant(NOW),
  })
  it('purchases iff VIP display; circle admin iff certified; NEW iff certified under 30 days; logout always last', () => {
    fc.assert(fc.property(input, (i) => {
      const menu = userMenu(i)
      const keys = menu.map((e) => e.key)
      expect(keys.includes('userMenu.purchases')).toBe(i.vipDisplay)
      expect(keys.includes('userMenu.circleAdmin')).toBe(!!i.advisoryCertification)
      expect(menu.some((e) => e.newBadge)).toBe(!!i.advisoryCertification && NOW - i.advisoryCertification.createTime * 1000 < 30 * DAY)
      expect(menu.filter((e) => e.newBadge).every((e) => e.key === 'userMenu.circleAdmin')).toBe(true)
      expect(keys.at(-1)).toBe('userMenu.logout')
      expect(new Set(keys).size).toBe(keys.length)
      expect(menu[0]?.route).toBe(`/user/${i.userId}`)
      expect(menu.every((e) => (e.route === null) === (e.action === 'logout'))).toBe(true)
    }))
  })
})
