import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CHAT_ROLES, adminToggle, canKick, canMute, canMuteAll, canPlaceMarker, canPrivateMessage, canRevoke, canSetAdmin, isMutedNow, memberControls, MUTED_FOR_EVER, speakBlock, toChatRole, type ChatMember, type ChatRole } from './permissions'
import { markerOf, PUBLIC_MESSAGE_BIZ_TYPE, readCustomData, shieldTarget, type MessageMarker } from './shield-queue'

// An independent oracle: the spec's sentences written out as a truth table, one row per
// (operator role, target role, same person). Columns: private message, mute, kick, set admin.
// Mute: spec 001 §6 says only "operator must be Owner or Admin"; nobody mutes themself (our rule, once, in core).
type Row = readonly [operator: ChatRole, target: ChatRole, same: boolean, pm: boolean, mute: boolean, kick: boolean, setAdmin: boolean]
const TABLE: readonly Row[] = [
  ['Owner', 'Owner', true, false, false, false, false],
  ['Owner', 'Owner', false, true, true, true, false],
  ['Owner', 'Admin', true, false, false, false, false],
  ['Owner', 'Admin', false, true, true, true, true],
  ['Owner', 'ordinary', true, false, false, false, false],
  ['Owner', 'ordinary', false, true, true, true, true],
  ['Admin', 'Owner', true, false, false, false, false],
  ['Admin', 'Owner', false, true, true, false, false],
  ['Admin', 'Admin', true, false, false, false, false],
  ['Admin', 'Admin', false, true, true, false, false],
  ['Admin', 'ordinary', true, false, false, false, false],
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
const isAdminish = (r: ChatRole) => r === 'Owner' || r === 'Admin'
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
      mute: canMute(operator, target),
      kick: canKick(operator, target),
      setAdmin: canSetAdmin(operator, target),
    }).toEqual({ pm, mute, kick, setAdmin })
  })

  it('agrees with the oracle for every pair of roles and identities', () => {
    fc.assert(
      fc.property(pair, ({ operator, target, same }) => {
        const expected = oracle(operator.role, target.role, same)
        expect(canPrivateMessage(operator, target)).toBe(expected.pm)
        expect(canMute(operator, target)).toBe(expected.mute)
        expect(canMuteAll(operator)).toBe(operator.role !== 'ordinary')
        expect(canKick(operator, target)).toBe(expected.kick)
        expect(canSetAdmin(operator, target)).toBe(expected.setAdmin)
      }),
    )
  })

  it('nobody may kick, mute, message privately or promote themselves', () => {
    fc.assert(
      fc.property(role, fc.string(), (r, id) => {
        const me = { userID: id, role: r }
        expect(canKick(me, me)).toBe(false)
        expect(canMute(me, me)).toBe(false)
        expect(memberControls(me, me)).toEqual({ privateMessage: false, mute: false, kick: false, admin: null })
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
    expect(canMute(member, member2)).toBe(false)
    expect(canMute(admin, owner)).toBe(true)
    expect(canMute(owner, owner)).toBe(false)
    expect(canMuteAll(admin)).toBe(true)
    expect(adminToggle(owner, member)).toBe('set')
    expect(adminToggle(owner, admin)).toBe('unset')
    expect(adminToggle(admin, member)).toBeNull()
    expect(memberControls(member, admin)).toEqual({ privateMessage: true, mute: false, kick: false, admin: null })
    expect(memberControls(owner, member)).toEqual({ privateMessage: true, mute: true, kick: true, admin: 'set' })
  })

  it('the admin control: set on an ordinary member, unset on an Admin, only for an Owner, never on an Owner or self', () => {
    fc.assert(
      fc.property(pair, ({ operator, target }) => {
        const toggle = adminToggle(operator, target)
        expect(toggle !== null).toBe(canSetAdmin(operator, target))
        if (toggle === 'set') expect(target.role).toBe('ordinary')
        if (toggle === 'unset') expect(target.role).toBe('Admin')
        if (operator.role !== 'Owner' || target.role === 'Owner') expect(toggle).toBeNull()
      }),
    )
  })

  it('the member controls are exactly the rules, and an ordinary member only ever gets a private message', () => {
    fc.assert(
      fc.property(pair, ({ operator, target }) => {
        const c = memberControls(operator, target)
        expect(c).toEqual({ privateMessage: canPrivateMessage(operator, target), mute: canMute(operator, target), kick: canKick(operator, target), admin: adminToggle(operator, target) })
        if (operator.role === 'ordinary') expect(c).toEqual({ privateMessage: isAdminish(target.role) && operator.userID !== target.userID, mute: false, kick: false, admin: null })
        // whoever may kick may also mute; whoever may set admins may also kick
        if (c.kick) expect(c.mute).toBe(true)
        if (c.admin !== null) expect(c.kick).toBe(true)
      }),
    )
  })

  it('maps the service roles onto ours', () => {
    expect(toChatRole('Owner')).toBe('Owner')
    expect(toChatRole('Admin')).toBe('Admin')
    expect(toChatRole('Member')).toBe('ordinary')
    expect(toChatRole(undefined)).toBe('ordinary')
  })
})

// Who may shield or un-shield a message (issue 23): decided on the parsed custom data, for every role
// (null: no role, a one-to-one chat) × every marker. The oracle, written out.
const MARKER_TABLE: readonly (readonly [role: ChatRole | null, marker: MessageMarker | null, allowed: boolean])[] = [
  ['Owner', null, true],
  ['Owner', 'shield', true],
  ['Owner', 'public', true],
  ['Admin', null, true],
  ['Admin', 'shield', true],
  ['Admin', 'public', true],
  ['ordinary', null, true],
  ['ordinary', 'shield', false],
  ['ordinary', 'public', false],
  [null, null, true],
  [null, 'shield', false],
  [null, 'public', false],
]

/** JSON text of a value with some characters of its strings (keys and values) written as \uXXXX escapes. */
const escapedJson = (value: unknown, escapeAt: (i: number) => boolean): string => {
  let n = 0
  const str = (s: string) =>
    `"${[...JSON.stringify(s).slice(1, -1).matchAll(/\\u[0-9a-f]{4}|\\.|./g)].map(([ch]) => (ch.length === 1 && escapeAt(n++) ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : ch)).join('')}"`
  const go = (v: unknown): string => {
    if (typeof v === 'string') return str(v)
    if (Array.isArray(v)) return `[${v.map(go).join(',')}]`
    if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${str(k)}:${go(x)}`).join(',')}}`
    return JSON.stringify(v)
  }
  return go(value)
}

describe('shield and public markers: only an Owner or Admin', () => {
  const roleOrNone = fc.constantFrom<ChatRole | null>(...CHAT_ROLES, null)
  const marker = { bizType: fc.constantFrom('shieldMsg', 'publicMessage', 'text', 'ShieldMsg', ''), data: fc.record({ msgId: fc.string() }) }
  const customData = fc.oneof(fc.record(marker), fc.record(marker, { requiredKeys: [] }), fc.jsonValue())

  it('the oracle covers every role and marker', () => {
    expect(MARKER_TABLE).toHaveLength((CHAT_ROLES.length + 1) * 3)
  })
  it.each(MARKER_TABLE)('%s sending %s: %s', (role, m, allowed) => {
    expect(canPlaceMarker(role, m)).toBe(allowed)
  })

  it('examples: escaped, spaced and nested text decide by what parses, not by what it looks like', () => {
    expect(markerOf('{"bizType":"shield\\u004dsg","data":{"msgId":"m1"}}')).toEqual({ ok: true, marker: 'shield' })
    expect(markerOf(' { "bizType" : "public\\u004dessage" } ')).toEqual({ ok: true, marker: 'public' })
    expect(markerOf('{"note":"shieldMsg"}')).toEqual({ ok: true, marker: null })
    expect(markerOf('"{\\"bizType\\":\\"shieldMsg\\"}"')).toEqual({ ok: true, marker: null })
    expect(markerOf('{"bizType":"text","bizType":"shieldMsg"}')).toEqual({ ok: true, marker: 'shield' })
    expect(markerOf('{oops')).toEqual({ ok: false })
    expect(markerOf(undefined)).toEqual({ ok: true, marker: null })
  })

  it('\\u escapes never change the decision', () => {
    fc.assert(
      fc.property(customData, fc.func(fc.boolean()), (value, escapeAt) => {
        expect(markerOf(escapedJson(value, (i) => escapeAt(i)))).toEqual(markerOf(JSON.stringify(value)))
      }),
    )
  })

  it('whatever a reader’s view would act on (shieldTarget, publicMessage), the server sees as a marker a member may not send', () => {
    fc.assert(
      fc.property(fc.oneof(customData.map((v) => JSON.stringify(v)), fc.string()), roleOrNone, (raw, role) => {
        const decided = markerOf(raw)
        const parsed = readCustomData(raw)
        const v = parsed.ok ? (parsed.value as { bizType?: unknown; data?: { msgId?: unknown } } | null | undefined) : undefined
        const viewPublishes = typeof v === 'object' && v !== null && v.bizType === PUBLIC_MESSAGE_BIZ_TYPE
        if (shieldTarget({ cloudCustomData: raw }) !== null) expect(decided).toEqual({ ok: true, marker: 'shield' })
        if (viewPublishes) expect(decided).toEqual({ ok: true, marker: 'public' })
        if (decided.ok && decided.marker !== null) expect(canPlaceMarker(role, decided.marker)).toBe(role === 'Owner' || role === 'Admin')
      }),
    )
  })
})

// "Muted now" and "may speak now": one rule for the member list's tag, the server's refusal and a chatroom's canSpeak.
describe('muted now', () => {
  it('−1 is for ever, 0 is never, a time is until then (exclusive)', () => {
    expect(isMutedNow(MUTED_FOR_EVER, 2_000_000_000)).toBe(true)
    expect(isMutedNow(0, 0)).toBe(false)
    expect(isMutedNow(1_000, 999)).toBe(true)
    expect(isMutedNow(1_000, 1_000)).toBe(false)
  })

  it('a timed mute holds exactly before its end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 0, max: 2 ** 31 }), (until, now) => {
        expect(isMutedNow(until, now)).toBe(now < until)
      }),
    )
  })
})

describe('who may speak now (speakBlock)', () => {
  // oracle: blocked wins, then the member's own mute, then mute all for anyone without a role
  type SpeakRow = readonly [blocked: boolean, muteAll: boolean, member: ChatRole | null, mutedSelf: boolean, expected: ReturnType<typeof speakBlock>]
  const ROWS: SpeakRow[] = []
  for (const blocked of [false, true])
    for (const muteAll of [false, true])
      for (const member of [null, ...CHAT_ROLES])
        for (const mutedSelf of member === null ? [false] : [false, true]) {
          const expected = blocked ? 'blocked' : mutedSelf ? 'muted' : muteAll && (member === null || member === 'ordinary') ? 'mutedAll' : null
          ROWS.push([blocked, muteAll, member, mutedSelf, expected])
        }

  it.each(ROWS)('blocked %s, mute all %s, %s (muted: %s) → %s', (blocked, muteAll, role, mutedSelf, expected) => {
    const member = role === null ? null : { role, muteUntil: mutedSelf ? MUTED_FOR_EVER : 0 }
    expect(speakBlock({ blocked, muteAll }, member, 1_000)).toBe(expected)
  })

  it('a member whose timed mute has ended speaks again', () => {
    fc.assert(
      fc.property(role, fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 0, max: 2 ** 31 }), (r, until, now) => {
        const block = speakBlock({ blocked: false, muteAll: false }, { role: r, muteUntil: until }, now)
        expect(block).toBe(now < until ? 'muted' : null)
      }),
    )
  })
})

describe('who may revoke a message', () => {
  it('the sender always; in a group its Owner or Admin any message; nobody else', () => {
    fc.assert(
      fc.property(fc.constantFrom<ChatRole | null>(null, ...CHAT_ROLES), fc.boolean(), (r, own) => {
        const operator = { userID: 'u1', role: r }
        expect(canRevoke(operator, own ? 'u1' : 'u2')).toBe(own || r === 'Owner' || r === 'Admin')
      }),
    )
  })
})
