// Conversation list rules — spec 001 §4 "Chat lifecycle".
import { formatBadge } from '../format/big-number'
import type { Conversation, GroupAtInfo } from './messaging-port'

const lastTime = (c: Conversation): number => c.lastMessage?.lastTime ?? 0

/**
 * Deleted conversations are hidden; duplicates by id removed (the newest copy — latest lastTime,
 * later in the list on a tie — is kept); pinned first, then by last message time descending.
 * Equal keys keep their input order.
 */
export const orderConversations = (
  conversations: readonly Conversation[],
  deletedIds: ReadonlySet<string> = new Set(),
): Conversation[] => {
  const newest = new Map<string, { conversation: Conversation; index: number }>()
  conversations.forEach((conversation, index) => {
    if (deletedIds.has(conversation.conversationID)) return
    const seen = newest.get(conversation.conversationID)
    if (!seen || lastTime(conversation) >= lastTime(seen.conversation)) newest.set(conversation.conversationID, { conversation, index })
  })
  return [...newest.values()]
    .sort((a, b) =>
      Number(b.conversation.isPinned) - Number(a.conversation.isPinned) ||
      lastTime(b.conversation) - lastTime(a.conversation) ||
      a.index - b.index,
    )
    .map(({ conversation }) => conversation)
}

/** spec 000 §9 / spec 001 §9: badges cap at 99+ (core/format/big-number's one rule); nothing is shown below 1. */
export const badgeText = (count: number): string | null => {
  const text = formatBadge(count)
  return text === '' ? null : text
}

export type UnreadMarker =
  | { readonly kind: 'none' }
  | { readonly kind: 'badge'; readonly text: string }
  /** spec 001 §4: AcceptNotNotify shows a muted marker and the count in brackets, e.g. [3]. */
  | { readonly kind: 'muted'; readonly text: string | null }

export const unreadMarker = (conversation: Pick<Conversation, 'unreadCount' | 'messageRemindType'>): UnreadMarker => {
  const count = badgeText(conversation.unreadCount)
  if (conversation.messageRemindType === 'AcceptNotNotify') return { kind: 'muted', text: count === null ? null : `[${count}]` }
  return count === null ? { kind: 'none' } : { kind: 'badge', text: count }
}

export const AT_ME_TEXT = '有人@你'
export const AT_ALL_TEXT = '@所有人'

/** spec 001 §4: at-types 1 or 3 show 有人@你; type 2 shows @所有人. A mention of me wins over @all. */
export const atMarker = (groupAtInfoList: readonly GroupAtInfo[] | undefined): string | null => {
  const types = (groupAtInfoList ?? []).map((info) => info.atType)
  if (types.some((t) => t === 1 || t === 3)) return AT_ME_TEXT
  if (types.includes(2)) return AT_ALL_TEXT
  return null
}
