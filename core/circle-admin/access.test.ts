import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { REVIEWER_ROLE } from '../certification/certificate-form'
import { consoleRole, mayAdminister, mayCreateCircle, mayManageAdmins, mayOpenConsole, mayRefund, type ConsoleViewer } from './access'

// An independent oracle: issue 29's sentence 'every call checks that the caller owns or administers
// that circle; an admin of one circle is a stranger to another' as a truth table. Circle 1 is owned by
// user 10 with admin 11; circle 2 is owned by 20 with admin 21. Columns: administer, manage admins/refund.
const CIRCLE = { ownerId: 10, adminIds: [11] }
const viewer = (userId: number | null, extra: Partial<ConsoleViewer> = {}): ConsoleViewer => ({ userId, roles: [], momentPublishable: true, advisoryCertified: false, ...extra })
type Row = readonly [who: string, v: ConsoleViewer, administer: boolean, owner: boolean]
const TABLE: readonly Row[] = [
  ['owner', viewer(10), true, true],
  ['admin of this circle', viewer(11), true, false],
  ['admin of another circle', viewer(21), false, false],
  ['owner of another circle', viewer(20, { advisoryCertified: true }), false, false],
  ['plain member', viewer(30), false, false],
  ['content reviewer', viewer(31, { roles: [REVIEWER_ROLE] }), false, false],
  ['guest', viewer(null), false, false],
]

describe('console role (issue 29 truth table)', () => {
  it.each(TABLE)('%s', (_who, v, administer, owner) => {
    const role = consoleRole(v, CIRCLE)
    expect(mayAdminister(role)).toBe(administer)
    expect(mayManageAdmins(role)).toBe(owner)
    expect(mayRefund(role)).toBe(owner)
  })

  it('an admin of one circle is a stranger to any other circle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 5 }), fc.integer({ min: 1, max: 1000 }), (ownerId, adminIds, userId) => {
        const role = consoleRole(viewer(userId), { ownerId, adminIds })
        expect(mayAdminister(role)).toBe(userId === ownerId || adminIds.includes(userId))
        expect(mayManageAdmins(role)).toBe(userId === ownerId)
      }),
    )
  })
})

describe('opening the console and creating circles', () => {
  it('needs an advisory certification to create; the console opens to advisers and appointed admins', () => {
    expect(mayCreateCircle(viewer(10, { advisoryCertified: true }))).toBe(true)
    expect(mayCreateCircle(viewer(11))).toBe(false)
    expect(mayCreateCircle(viewer(null, { advisoryCertified: true }))).toBe(false)
    expect(mayOpenConsole(viewer(10, { advisoryCertified: true }), false)).toBe(true)
    expect(mayOpenConsole(viewer(11), true)).toBe(true)
    expect(mayOpenConsole(viewer(30), false)).toBe(false)
    expect(mayOpenConsole(viewer(null), true)).toBe(false)
  })
})
