// Chat member permissions — spec 000 §6 and spec 001 §6 "Chat rules".
// Roles as spec 000 §3 names them: Owner, Admin, ordinary.

export type ChatRole = 'Owner' | 'Admin' | 'ordinary'

export const CHAT_ROLES: readonly ChatRole[] = ['Owner', 'Admin', 'ordinary']

/** A chat member as the messaging service reports it: its user id and its role in the group. */
export interface ChatMember {
  readonly userID: string
  readonly role: ChatRole
}

/** The messaging service reports roles as Owner, Admin, or anything else (spec 001 §3: "role (Owner, Admin, other)"). */
export const toChatRole = (role: string | undefined | null): ChatRole =>
  role === 'Owner' || role === 'Admin' ? role : 'ordinary'

export const isOwnerOrAdmin = (role: ChatRole): boolean => role === 'Owner' || role === 'Admin'

const samePerson = (a: ChatMember, b: ChatMember): boolean => a.userID === b.userID

/** Private message: allowed if the operator or the target is Owner/Admin, and they are not the same person. */
export const canPrivateMessage = (operator: ChatMember, target: ChatMember): boolean =>
  (isOwnerOrAdmin(operator.role) || isOwnerOrAdmin(target.role)) && !samePerson(operator, target)

/**
 * Mute a member: the operator must be Owner or Admin (spec 001 §6), and never mutes themself (our rule:
 * an admin who muted themself could not undo it by speaking; decided here once, for the view and the server).
 */
export const canMute = (operator: ChatMember, target: ChatMember): boolean => isOwnerOrAdmin(operator.role) && !samePerson(operator, target)

/** spec 001 §9: a mute that never ends is −1 (group mute default duration); 0 is not muted. */
export const MUTED_FOR_EVER = -1

/**
 * Whether a member is muted at `nowSeconds`: −1 for ever, else until a time in seconds since the epoch.
 * One rule for the member list's 禁言 tag, the server's refusal to send and a chatroom's 能否发言.
 */
export const isMutedNow = (muteUntil: number, nowSeconds: number): boolean => muteUntil === MUTED_FOR_EVER || muteUntil > nowSeconds

/** Why a member may not speak in a group now, or null when they may (spec 001 §4 block, §6 mute, mute all). */
export type SpeakBlock = 'blocked' | 'muted' | 'mutedAll'
export const speakBlock = (
  group: { readonly blocked: boolean; readonly muteAll: boolean },
  member: { readonly role: ChatRole; readonly muteUntil: number } | null,
  nowSeconds: number,
): SpeakBlock | null => {
  if (group.blocked) return 'blocked'
  if (member !== null && isMutedNow(member.muteUntil, nowSeconds)) return 'muted'
  // mute all silences ordinary members (and a visitor who is no member yet); Owner and Admin still speak
  if (group.muteAll && (member === null || !isOwnerOrAdmin(member.role))) return 'mutedAll'
  return null
}

/** Mute all members of a group: the operator must be Owner or Admin (spec 001 §6); there is no target. */
export const canMuteAll = (operator: ChatMember): boolean => isOwnerOrAdmin(operator.role)

/** Kick: an Owner may kick anyone except self; an Admin only non-Admin, non-Owner users other than self. */
export const canKick = (operator: ChatMember, target: ChatMember): boolean => {
  if (samePerson(operator, target)) return false
  if (operator.role === 'Owner') return true
  if (operator.role === 'Admin') return target.role === 'ordinary'
  return false
}

/** Set admin: only an Owner, never on another Owner, and not on self. Taking the role back follows the same rule. */
export const canSetAdmin = (operator: ChatMember, target: ChatMember): boolean =>
  operator.role === 'Owner' && target.role !== 'Owner' && !samePerson(operator, target)

/** The admin control one member shows for another: make an ordinary member Admin, or take an Admin's role back. */
export const adminToggle = (operator: ChatMember, target: ChatMember): 'set' | 'unset' | null =>
  !canSetAdmin(operator, target) ? null : target.role === 'Admin' ? 'unset' : 'set'

/** Every control a member list shows the operator beside one target: each decided by the rules above. */
export interface MemberControls {
  readonly privateMessage: boolean
  readonly mute: boolean
  readonly kick: boolean
  readonly admin: 'set' | 'unset' | null
}
export const memberControls = (operator: ChatMember, target: ChatMember): MemberControls => ({
  privateMessage: canPrivateMessage(operator, target),
  mute: canMute(operator, target),
  kick: canKick(operator, target),
  admin: adminToggle(operator, target),
})

/**
 * Revoke a message: the sender's own, or any message of a group by its Owner or Admin (as the service
 * allows). `role` is the operator's role in the group, null in a one-to-one conversation.
 */
export const canRevoke = (operator: { readonly userID: string; readonly role: ChatRole | null }, authorId: string): boolean =>
  operator.userID === authorId || (operator.role !== null && isOwnerOrAdmin(operator.role))

/**
 * Custom data that shields or un-shields a message (spec 001 §3–4) changes what every member reads: only
 * a group's Owner or Admin may send it (issue 23); a reader with no role (a one-to-one chat) never may.
 * Anything else (no marker) anyone may send.
 */
export const canPlaceMarker = (role: ChatRole | null, marker: 'shield' | 'public' | null): boolean =>
  marker === null || (role !== null && isOwnerOrAdmin(role))
