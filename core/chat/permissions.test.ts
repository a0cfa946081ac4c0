import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CHAT_ROLES, canKick, canMute, canPrivateMessage, canSetAdmin, toChatRole, type ChatMember, type ChatRole } from './permissions'

// An independent oracle: the spec's sentences written out as a truth table, one row per
// (operator role, target role, same person). Columns: private message, mute, kick, set admin.
type Row = readonly [operator: ChatRole, target: ChatRole, same: boolean, pm: boolean, mute: boolean, kick: boolean, setAdmin: boolean]
const TABLE: readonly Row[] = [
  ['Owner', 'Owner', true, false, true, false, false],
  ['Owner', 'Owner', false, true, true, true, false],
  ['Owner', 'Admin', true, false, true, false, false],
  ['Owner', 'Admin', false, true, true, true, true],
  ['Owner', 'ordinary', true, false, true, false, false],
  ['Owner', 'ordinary', false, true, true, true, true],
  ['Admin', 'Owner', true, false, true, false, false],
  ['Admin', 'Owner', false, true, true, false, false],
  ['Admin', 'Admin', true, false, true, false, false],
  ['Admin', 'Admin', false, true, true, false, false],
  ['Admin', 'ordinary', true, false, true, false, false],
  ['Admin', 'ordinary', false, true, true, true, false],
  ['ordinary', 'Owner', true, false, false, false, false],
  ['ordinary', 'Owner', false, true, false, false, false],
  ['ordinary', 'Admin', true, false, false, false, false],
  ['ordinary', 'Admin', false, true, false, false, false],
  ['ordinary', 'ordinary', true, false, false, false, false],
  ['ordinary', 'ordinary', false, false, false, false, false],
]

const oracle = (operator: ChatRole, target: ChatRole, same: boolean) => {
  const row = TABLE.find(([o, t, s]) => o === operator && t === target && s === same)
  if (!row) throw new Error(`no oracle row for ${operator}/${target}/${same}`)
  const [, , , pm, mute, kick, setAdmin] = row
  return { pm, mute, kick, setAdmin }
}

const role = fc.constantFrom<ChatRole>(...CHAT_ROLES)
/** Two members with arbitrary roles; `same` decides whether they share one user id. */
const pair = fc.record({ operatorRole: role, targetRole: role, operatorId: fc.string({ minLength: 1 }), otherId: fc.string({ minLength: 1 }), same: fc.boolean() })
  .filter(({ operatorId, otherId, same }) => same || operatorId !== otherId)
  .map(({ operatorRole, targetRole, operatorId, otherId, same }) => ({
    operator: { userID: operatorId, role: operatorRole } satisfies ChatMember,
    target: { userID: same ? operatorId : otherId, role: targetRole } satisfies ChatMember,
    same,
  }))

describe('chat permissions', () => {
  it('the oracle covers every pair of roles × same/different person', () => {
    expect(TABLE).toHaveLength(CHAT_ROLES.length * CHAT_ROLES.length * 2)
  })

  it.each(TABLE)('%s on %s (same person: %s)', (operatorRole, targetRole, same, pm, mute, kick, setAdmin) => {
    const operator = { userID: 'u1', role: operatorRole }
    const target = { userID: same ? 'u1' : 'u2', role: targetRole }
    expect({
      pm: canPrivateMessage(operator, target),
      mute: canMute(operator),
      kick: canKick(operator, target),
      setAdmin: canSetAdmin(operator, target),
    }).toEqual({ pm, mute, kick, setAdmin })
  })

  it('agrees with the oracle for every pair of roles and identities', () => {
    fc.assert(
      fc.property(pair, ({ operator, target, same }) => {
        const expected = oracle(operator.role, target.role, same)
        expect(canPrivateMessage(operator, target)).toBe(expected.pm)
        expect(canMute(operator)).toBe(expected.mute)
        expect(canKick(operator, target)).toBe(expected.kick)
        expect(canSetAdmin(operator, target)).toBe(expected.setAdmin)
      }),
    )
  })

  it('nobody may kick, message privately or promote themselves', () => {
    fc.assert(
      fc.property(role, fc.string(), (r, id) => {
        const me = { userID: id, role: r }
        expect(canKick(me, me)).toBe(false)
        expect(canPrivateMessage(me, me)).toBe(false)
        expect(canSetAdmin(me, me)).toBe(false)
      }),
    )
  })

  it('private messaging is symmetric', () => {
    fc.assert(fc.property(pair, ({ operator, target }) => {
      expect(canPrivateMessage(operator, target)).toBe(canPrivateMessage(target, operator))
    }))
  })

  it('spec examples', () => {
    const owner = { userID: 'o', role: 'Owner' as const }
    const admin = { userID: 'a', role: 'Admin' as const }
    const admin2 = { userID: 'a2', role: 'Admin' as const }
    const member = { userID: 'm', role: 'ordinary' as const }
    const member2 = { userID: 'm2', role: 'ordinary' as const }
    expect(canPrivateMessage(member, member2)).toBe(false)
    expect(canPrivateMessage(member, admin)).toBe(true)
    expect(canKick(owner, admin)).toBe(true)
    expect(canKick(admin, admin2)).toBe(false)
    expect(canKick(admin, owner)).toBe(false)
    expect(canKick(admin, member)).toBe(true)
    expect(canSetAdmin(admin, member)).toBe(false)
    expect(canSetAdmin(owner, member)).toBe(true)
    expect(canMute(member)).toBe(false)
  })

  it('maps the service roles onto ours', () => {
    expect(toChatRole('Owner')).toBe('Owner')
    expect(toChatRole('Admin')).toBe('Admin')
    expect(toChatRole('Member')).toBe('ordinary')
    expect(toChatRole(undefined)).toBe('ordinary')
  })
})
