import { describe, expect, it } from 'vitest'
import { activeLink, CONSOLE_MENU } from './menu'

describe('console menu', () => {
  it('marks the link a page belongs to, children included', () => {
    expect(activeLink('/circle-admin/circle/circle-list')).toBe('circleList')
    expect(activeLink('/circle-admin/circle/circle-list/circle-edit/3')).toBe('circleList')
    expect(activeLink('/circle-admin/community-admin/community-detail/4/tags')).toBe('communityList')
    expect(activeLink('/circle-admin/data/order/vip')).toBe('dataOrder')
    expect(activeLink('/circle-admin/live/live-list/manage/1000000001/startSet')).toBe('liveList')
    expect(activeLink('/circle-admin/operate/sort/2')).toBe('operateSort')
    expect(activeLink('/circle-admin/course/list-x')).toBe(null)
  })
  it('every link sits under /circle-admin, once', () => {
    const hrefs = CONSOLE_MENU.flatMap((s) => s.links.map(([, h]) => h))
    expect(new Set(hrefs).size).toBe(hrefs.length)
    for (const h of hrefs) expect(h.startsWith('/circle-admin/')).toBe(true)
  })
})
