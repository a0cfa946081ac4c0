// spec 001 §7: own profile uses a fixed gender and signature, allows anyone to add the user,
// and a fixed default avatar when none.
import type { OwnChatProfile } from './messaging-port'

export const OWN_PROFILE_GENDER = 'Gender_Type_Unknown' as const
export const OWN_PROFILE_SIGNATURE = ''

export interface ChatUser {
  readonly nick: string
  readonly avatar?: string | null
}

export const ownChatProfile = (user: ChatUser, defaultAvatar: string): OwnChatProfile => ({
  nick: user.nick,
  avatar: user.avatar ? user.avatar : defaultAvatar,
  gender: OWN_PROFILE_GENDER,
  selfSignature: OWN_PROFILE_SIGNATURE,
  allowType: 'AllowType_Type_AllowAny',
})
