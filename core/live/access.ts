// Who may watch a live room and comment in it (issue 28; spec 001 §6, issue 28 'paid rooms follow the
// circle's access rules'). The room's live column is a circle, and its reader's role there is
// core/circles/access.ts circleRole — the one rule. On top of it, decided here once:
// - a paid column's rooms: the circle's readers only (owner, admins, members whose membership is valid,
//   reviewers); a guest is asked to log in, an expired member to renew, anyone else to buy the column;
// - a free column's rooms are open to everyone, guests included (a free broadcast is its advert);
// - a roadshow with an invite code: the column's owner and admins enter as they are; anyone else once
//   they have entered the code (kept for their account, so a guest logs in first);
// - commenting, reserving and the kick-out need an account: a guest watches a free room but says nothing;
// - a viewer the owner or an admin kicked out of the room (issue 29, the console's userManage tab) neither
//   watches nor comments there, whatever their membership; the owner and admins are never kicked out.
import type { CircleRole } from '../api/circles'
import { isManager, mayRead } from '../circles/access'
import { LIVE_MESSAGES } from './limits'

export interface RoomAccessFacts {
  readonly role: CircleRole
  /** the live column is paid (joined by an order) */
  readonly paid: boolean
  /** a roadshow that asks for an invite code */
  readonly inviteRequired: boolean
  /** this reader has entered the right code */
  readonly invitePassed: boolean
  /** this reader was kicked out of the room */
  readonly kicked?: boolean
}

export interface RoomAccess {
  readonly canWatch: boolean
  /** signed in and may watch */
  readonly canComment: boolean
  readonly canManage: boolean
  /** the page asks for the invite code */
  readonly needInviteCode: boolean
  /** why not ('' when canWatch) */
  readonly message: string
}

export function roomAccess(f: RoomAccessFacts): RoomAccess {
  const manage = isManager(f.role)
  const guest = f.role === 'guest'
  const block = (message: string, needInviteCode = false): RoomAccess => ({ canWatch: false, canComment: false, canManage: manage, needInviteCode, message })
  if (!manage && f.kicked) return block(LIVE_MESSAGES.removedFromRoom)
  if (!manage && f.paid && !mayRead(f.role)) {
    if (guest) return block(LIVE_MESSAGES.loginFirst)
    return block(f.role === 'expired' ? LIVE_MESSAGES.expired : LIVE_MESSAGES.joinFirst)
  }
  // a pass is kept for an account: a guest has none
  if (!manage && f.inviteRequired && (guest || !f.invitePassed)) return guest ? block(LIVE_MESSAGES.loginFirst) : block(LIVE_MESSAGES.inviteCodeRequired, true)
  return { canWatch: true, canComment: !guest, canManage: manage, needInviteCode: false, message: '' }
}
