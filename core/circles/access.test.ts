import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CIRCLE_ROLES, type CircleRole } from '../api/circles'
import {
  CIRCLE_REVIEWER_ROLE,
  circleAccess,
  circleRole,
  dynamicCommentInput,
  isMembershipValid,
  mayAsk,
  mayDeleteComment,
  mayInteract,
  mayJoin,
  mayManage,
  mayPost,
  mayRead,
  maySeeAsker,
  maySeeDynamic,
  mayUseTag,
  postBlock,
  readBlock,
  type CircleFacts,
} from './access'
import { CIRCLE_MESSAGES } from './limits'

// An independent oracle: issue 27's sentences as a truth table, one row per role in an approved circle
// for a reader with momentPublishable. Columns: read, post, ask, manage (pin, essence, ignore, answer), join button.
type Row = readonly [role: CircleRole, read: boolean, post: boolean, ask: boolean, manage: boolean, join: boolean]
const TABLE: readonly Row[] = [
  ['guest', false, false, false, false, true],
  ['stranger', false, false, false, false, true],
  ['member', true, true, true, false, false],
  ['expired', false, false, false, false, true],
  ['owner', true, true, false, true, false],
  ['admin', true, true, false, true, false],
  ['reviewer', true, false, false, false, false],
]

const NOW = 1_800_000_000
const OWNER = 1
const ADMIN = 2
const circle: CircleFacts = { ownerId: OWNER, adminIds: [ADMIN], reviewStatus: 'approved', paid: true }
const viewer = (userId: number | null, roles: string[] = []) => ({ userId, roles, momentPublishable: true })

describe('a reader\'s role in a circle', () => {
  it('the oracle lists every role once', () => {
    expect(TABLE.map((r) => r[0]).sort()).toEqual([...CIRCLE_ROLES].sort())
  })

  it('examples: guest, stranger, valid and expired purchase, free join, owner, admin, admin of another circle, reviewer', () => {
    expect(circleRole(viewer(null), circle, null, NOW)).toBe('guest')
    expect(circleRole(viewer(9), circle, null, NOW)).toBe('stranger')
    expect(circleRole(viewer(9), circle, { expireTimestamp: NOW + 1 }, NOW)).toBe('member')
    // spec 001 §4: expired when the expiry is earlier than now — at the very second it is still valid
    expect(circleRole(viewer(9), circle, { expireTimestamp: NOW }, NOW)).toBe('member')
    expect(circleRole(viewer(9), circle, { expireTimestamp: NOW - 1 }, NOW)).toBe('expired')
    expect(circleRole(viewer(9), circle, { expireTimestamp: null }, NOW)).toBe('member')
    expect(circleRole(viewer(OWNER), circle, null, NOW)).toBe('owner')
    expect(circleRole(viewer(ADMIN), circle, null, NOW)).toBe('admin')
    // an admin of another circle is a stranger here
    expect(circleRole(viewer(ADMIN), { ...circle, adminIds: [77] }, null, NOW)).toBe('stranger')
    expect(circleRole(viewer(9, [CIRCLE_REVIEWER_ROLE]), circle, null, NOW)).toBe('reviewer')
    expect(circleRole(viewer(9, [CIRCLE_REVIEWER_ROLE]), circle, { expireTimestamp: NOW - 5 }, NOW)).toBe('reviewer')
  })

  it.each(TABLE)('%s: read %s, post %s, ask %s, manage %s, join %s', (role, read, post, ask, manage, join) => {
    expect(mayRead(role)).toBe(read)
    expect(mayPost(role, circle, true)).toBe(post)
    expect(mayAsk(role, circle, true)).toBe(ask)
    expect(mayManage(role)).toBe(manage)
    expect(mayJoin(role)).toBe(join)
    expect(readBlock(role) === '').toBe(read)
  })

  it('the refusals say what to do', () => {
    expect(readBlock('guest')).toBe(CIRCLE_MESSAGES.loginFirst)
    expect(readBlock('stranger')).toBe(CIRCLE_MESSAGES.joinFirst)
    expect(readBlock('expired')).toBe(CIRCLE_MESSAGES.expired)
    expect(postBlock('member', circle, false)).toBe(CIRCLE_MESSAGES.notPublishable)
    expect(postBlock('stranger', circle, true)).toBe(CIRCLE_MESSAGES.notMember)
    // spec 001 §4: a circle not approved shows 'content is under review' to everyone, its owner too
    expect(postBlock('owner', { reviewStatus: 'reviewing' }, true)).toBe('内容审核中')
  })
})

const role = fc.constantFrom<CircleRole>(...CIRCLE_ROLES)
const status = fc.constantFrom('draft', 'reviewing', 'approved', 'rejected' as const)

describe('properties', () => {
  it('nobody posts or asks in a circle that is not approved, nor without momentPublishable', () => {
    fc.assert(
      fc.property(role, status, fc.boolean(), (r, s, publishable) => {
        const allowed = mayPost(r, { reviewStatus: s }, publishable)
        if (s !== 'approved' || !publishable) expect(allowed).toBe(false)
        if (mayAsk(r, { reviewStatus: s }, publishable)) expect(allowed).toBe(true)
        // whoever posts also reads
        if (allowed) expect(mayRead(r)).toBe(true)
      }),
    )
  })

  it('managing is exactly being the owner or an admin of this circle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 5 }), fc.option(fc.integer({ min: NOW - 100, max: NOW + 100 }), { nil: null }), fc.boolean(), fc.boolean(), (userId, ownerId, adminIds, expiry, hasRow, reviewer) => {
        const r = circleRole(viewer(userId, reviewer ? [CIRCLE_REVIEWER_ROLE] : []), { ownerId, adminIds, reviewStatus: 'approved', paid: true }, hasRow ? { expireTimestamp: expiry } : null, NOW)
        expect(mayManage(r)).toBe(userId === ownerId || adminIds.includes(userId))
        // a purchase alone never makes a manager, and a reader without a valid row reads only as staff or manager
        if (!isMembershipValid(hasRow ? { expireTimestamp: expiry } : null, NOW) && mayRead(r)) expect(['owner', 'admin', 'reviewer']).toContain(r)
      }),
    )
  })

  it('an anonymous asker is seen only by the owner, the admins and the asker; a public one by everyone', () => {
    fc.assert(
      fc.property(role, fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }), fc.integer({ min: 1, max: 9 }), (r, viewerId, askerId) => {
        expect(maySeeAsker(r, viewerId, askerId, 'public')).toBe(true)
        expect(maySeeAsker(r, viewerId, askerId, 'anonymity')).toBe(r === 'owner' || r === 'admin' || viewerId === askerId)
      }),
    )
  })

  it('a moment under review or ignored is never shown to a member who did not write it', () => {
    fc.assert(
      fc.property(role, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.constantFrom('reviewing', 'approved', 'rejected' as const), fc.boolean(), (r, viewerId, authorId, s, ignored) => {
        const seen = maySeeDynamic(r, viewerId, { authorId, status: s, ignored })
        if (!mayRead(r)) expect(seen).toBe(false)
        if (r === 'member' && viewerId !== authorId) expect(seen).toBe(s === 'approved' && !ignored)
        if (r === 'member' && ignored) expect(seen).toBe(false)
        if (r === 'owner' || r === 'admin' || r === 'reviewer') expect(seen).toBe(true)
      }),
    )
  })

  it('admin-only tags only for the owner and admins', () => {
    fc.assert(fc.property(role, fc.boolean(), (r, adminOnly) => {
      expect(mayUseTag(r, { adminOnly })).toBe(!adminOnly || r === 'owner' || r === 'admin')
    }))
  })
})

describe('the comment box under a moment (spec 001 §4)', () => {
  it('under review blocks input; a closed comment gives the restricted-comments message', () => {
    expect(dynamicCommentInput({ status: 'reviewing', commentsClosed: false })).toEqual({ open: false, message: '内容审核中' })
    expect(dynamicCommentInput({ status: 'approved', commentsClosed: true })).toEqual({ open: false, message: '该内容已限制评论' })
    expect(dynamicCommentInput({ status: 'approved', commentsClosed: false })).toEqual({ open: true })
  })
})

describe('a reader\'s access as the API answers it', () => {
  it('follows the rules; the membership\'s end shows only to a member or an expired member', () => {
    fc.assert(
      fc.property(role, fc.boolean(), fc.option(fc.integer({ min: 0, max: 2e9 }), { nil: null }), (r, publishable, end) => {
        const a = circleAccess(r, circle, publishable, { expireTimestamp: end })
        expect(a).toEqual({
          role: r,
          canRead: mayRead(r),
          canPost: mayPost(r, circle, publishable),
          canAsk: mayAsk(r, circle, publishable),
          canManage: mayManage(r),
          canJoin: mayJoin(r),
          expireTimestamp: r === 'member' || r === 'expired' ? end : null,
          inputMessage: postBlock(r, circle, publishable),
        })
      }),
    )
    expect(circleAccess('stranger', circle, true, null).expireTimestamp).toBeNull()
  })
})

describe('comments under a moment: like and delete', () => {
  // the oracle: like — owner, admin, member; delete — owner and admin any, an author their own while reading
  const LIKE: Readonly<Record<CircleRole, boolean>> = { guest: false, stranger: false, member: true, expired: false, owner: true, admin: true, reviewer: false }
  const DELETE_ANY: Readonly<Record<CircleRole, boolean>> = { guest: false, stranger: false, member: false, expired: false, owner: true, admin: true, reviewer: false }
  const DELETE_OWN: Readonly<Record<CircleRole, boolean>> = { guest: false, stranger: false, member: true, expired: false, owner: true, admin: true, reviewer: true }

  it.each(CIRCLE_ROLES)('%s', (role) => {
    const me = role === 'guest' ? null : 7
    expect(mayInteract(role)).toBe(LIKE[role])
    expect(mayDeleteComment(role, me, 8)).toBe(DELETE_ANY[role])
    expect(mayDeleteComment(role, me, 7)).toBe(DELETE_OWN[role])
  })

  it('an author is never a guest: a null reader deletes nothing, whatever the author id', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (author) => !mayDeleteComment('guest', null, author)))
  })

  it('whoever may delete any comment may delete their own (deleting is never narrower for one’s own)', () => {
    fc.assert(fc.property(fc.constantFrom(...CIRCLE_ROLES), fc.integer({ min: 1, max: 100 }), (role, id) => !mayDeleteComment(role, id, id + 1) || mayDeleteComment(role, id, id)))
  })
})
