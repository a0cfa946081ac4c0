// spec 001 §3 "Chat state": messages are unique by ID.
import { MESSAGE_TYPES, type ChatMessage } from './messaging-port'
import type { HideQueue } from './shield-queue'
import { groupTip, type GroupTipPayload, type TipPart } from './group-tips'

/** Merge incoming messages: a known ID is replaced in place, a new one appended; order otherwise kept. */
export const mergeMessages = (existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] => {
  const result = dedupe(existing)
  const position = new Map<string, number>()
  result.forEach((m, i) => position.set(m.ID, i))
  for (const message of incoming) {
    const at = position.get(message.ID)
    if (at === undefined) {
      position.set(message.ID, result.length)
      result.push(message)
    } else {
      result[at] = message
    }
  }
  return result
}

const dedupe = (messages: readonly ChatMessage[]): ChatMessage[] => {
  const seen = new Set<string>()
  return messages.filter((m) => (seen.has(m.ID) ? false : (seen.add(m.ID), true)))
}

/** The messages to show: those not queued for hiding by a shield message. */
export const visibleMessages = (messages: readonly ChatMessage[], hidden: HideQueue): ChatMessage[] => {
  const set = new Set(hidden)
  return messages.filter((m) => !set.has(m.ID))
}

/**
 * What a conversation shows for one message, or null when this reader sees nothing of it: a revoked
 * message as a tip naming its sender, a group tip as its parts (core/chat/group-tips decides which, and
 * kicks only for admins and owners), an image by its URL, a text; custom messages (shield markers and
 * the like) are not shown.
 */
export type MessageLine =
  | { readonly kind: 'revoked' }
  | { readonly kind: 'tip'; readonly parts: readonly TipPart[] }
  | { readonly kind: 'image'; readonly url: string }
  | { readonly kind: 'text'; readonly text: string }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

export const messageLine = (m: ChatMessage, viewer: { readonly isAdminOrOwner: boolean }): MessageLine | null => {
  if (m.isRevoked) return { kind: 'revoked' }
  const payload = isRecord(m.payload) ? m.payload : {}
  if (m.type === MESSAGE_TYPES.groupTip) {
    // the service's group-tip payload, read as the shape group-tips.ts names (its fields are optional but the type)
    const parts = typeof payload.operationType === 'number' ? groupTip(m.payload as GroupTipPayload, viewer) : null
    return parts === null ? null : { kind: 'tip', parts }
  }
  if (m.type === MESSAGE_TYPES.image) {
    const first = Array.isArray(payload.imageInfoArray) ? (payload.imageInfoArray[0] as unknown) : undefined
    return { kind: 'image', url: isRecord(first) && typeof first.url === 'string' ? first.url : '' }
  }
  if (m.type === MESSAGE_TYPES.text) return { kind: 'text', text: typeof payload.text === 'string' ? payload.text : String(payload.text ?? '') }
  return null
}
