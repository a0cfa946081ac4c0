// Conversation ids as the messaging service forms them: 'C2C' + userID, 'GROUP' + groupID, '@TIM#SYSTEM'.
// spec 001 §3: newer group conversation ids contain GROUP_CHAT_V2.

export const GROUP_CHAT_V2 = 'GROUP_CHAT_V2'
const C2C = 'C2C'
const GROUP = 'GROUP'
export const SYSTEM_CONVERSATION_ID = '@TIM#SYSTEM'

export type ConversationRef =
  | { readonly kind: 'c2c'; readonly userID: string }
  | { readonly kind: 'group'; readonly groupID: string; readonly v2: boolean }
  | { readonly kind: 'system' }
  | { readonly kind: 'unknown'; readonly conversationID: string }

export const isGroupChatV2 = (id: string): boolean => id.includes(GROUP_CHAT_V2)

export const parseConversationId = (conversationID: string): ConversationRef => {
  if (conversationID === SYSTEM_CONVERSATION_ID) return { kind: 'system' }
  if (conversationID.startsWith(C2C) && conversationID.length > C2C.length) return { kind: 'c2c', userID: conversationID.slice(C2C.length) }
  if (conversationID.startsWith(GROUP) && conversationID.length > GROUP.length) {
    const groupID = conversationID.slice(GROUP.length)
    return { kind: 'group', groupID, v2: isGroupChatV2(groupID) }
  }
  return { kind: 'unknown', conversationID }
}

export const c2cConversationId = (userID: string): string => `${C2C}${userID}`
export const groupConversationId = (groupID: string): string => `${GROUP}${groupID}`
