// spec 001 §3 "Chat state": messages are unique by ID.
import type { ChatMessage } from './messaging-port'
import type { HideQueue } from './shield-queue'

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
