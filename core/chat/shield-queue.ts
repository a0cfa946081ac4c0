// Shield messages — spec 001 §3 "Chat state" and §4:
// a message may carry custom data JSON { bizType: 'shieldMsg', data: { msgId } } meaning another message is hidden.
// Adding or updating a message with a shield marker queues the target id for hiding (needToDelIds);
// deleting also hides the shielded message; publicMessage removes an id from the hide queue.
// spec 001 §8: chat JSON parse failures are logged only — here they yield an error value for the caller to log.
import type { ChatMessage } from './messaging-port'
import { errorMessage } from '../api/api-error'

export const SHIELD_BIZ_TYPE = 'shieldMsg'
/** spec 001 §4: publicMessage makes a shielded message public again. */
export const PUBLIC_MESSAGE_BIZ_TYPE = 'publicMessage'

/** The ids of messages to hide, in the order they were queued, without duplicates. */
export type HideQueue = readonly string[]

export type CustomDataResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string }

export const readCustomData = (raw: string | undefined): CustomDataResult => {
  if (raw === undefined || raw === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(raw) as unknown }
  } catch (error) {
    return { ok: false, error: errorMessage(error) }
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** The id a shield message hides, or null when the message is not a shield marker (or its JSON is broken). */
export const shieldTarget = (message: Pick<ChatMessage, 'cloudCustomData'>): string | null => {
  const parsed = readCustomData(message.cloudCustomData)
  if (!parsed.ok || !isRecord(parsed.value) || parsed.value.bizType !== SHIELD_BIZ_TYPE) return null
  const data = parsed.value.data
  if (!isRecord(data)) return null
  const id = data.msgId
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null
}

const enqueue = (queue: HideQueue, id: string | null): HideQueue => (id === null || queue.includes(id) ? queue : [...queue, id])

/** A message was added or updated: a shield marker queues its target. */
export const onMessageUpserted = (queue: HideQueue, message: Pick<ChatMessage, 'cloudCustomData'>): HideQueue =>
  enqueue(queue, shieldTarget(message))

/** A shield message was deleted: the message it shields is hidden as well. */
export const onMessageDeleted = (queue: HideQueue, message: Pick<ChatMessage, 'cloudCustomData'>): HideQueue =>
  enqueue(queue, shieldTarget(message))

/** publicMessage: the message is public again. */
export const publicMessage = (queue: HideQueue, msgId: string): HideQueue =>
  queue.includes(msgId) ? queue.filter((id) => id !== msgId) : queue

export const isHidden = (queue: HideQueue, msgId: string): boolean => queue.includes(msgId)

/** A hide-queue marker: shield hides a message, public shows it again. */
export type MessageMarker = 'shield' | 'public'

/**
 * What custom data means to a reader, decided on its parsed JSON (never on its text: `shield\u004dsg`
 * is shieldMsg once parsed): a marker when it is an object whose bizType is shieldMsg or
 * publicMessage, whatever else it carries (a superset of what the view acts on); not JSON → not ok.
 */
export const markerOf = (raw: string | undefined): { readonly ok: true; readonly marker: MessageMarker | null } | { readonly ok: false } => {
  const parsed = readCustomData(raw)
  if (!parsed.ok) return { ok: false }
  if (!isRecord(parsed.value)) return { ok: true, marker: null }
  const bizType = parsed.value.bizType
  return { ok: true, marker: bizType === SHIELD_BIZ_TYPE ? 'shield' : bizType === PUBLIC_MESSAGE_BIZ_TYPE ? 'public' : null }
}

/** The id a publicMessage marker shows again, or null when the message is not one. */
export const publicTarget = (message: Pick<ChatMessage, 'cloudCustomData'>): string | null => {
  const parsed = readCustomData(message.cloudCustomData)
  if (!parsed.ok || !isRecord(parsed.value) || parsed.value.bizType !== PUBLIC_MESSAGE_BIZ_TYPE) return null
  const data = parsed.value.data
  const id = isRecord(data) ? data.msgId : undefined
  return typeof id === 'string' && id !== '' ? id : null
}

/**
 * Messages arrived or changed: each shieldMsg queues its target, each publicMessage shows its target
 * again, in order. `broken` counts custom data that is not JSON (spec 001 §8: logged only).
 */
export const applyMarkers = (queue: HideQueue, messages: readonly Pick<ChatMessage, 'cloudCustomData'>[]): { readonly queue: HideQueue; readonly broken: number } =>
  messages.reduce(
    (acc, m) => {
      if (!readCustomData(m.cloudCustomData).ok) return { queue: acc.queue, broken: acc.broken + 1 }
      const shown = publicTarget(m)
      return { queue: shown !== null ? publicMessage(acc.queue, shown) : onMessageUpserted(acc.queue, m), broken: acc.broken }
    },
    { queue, broken: 0 },
  )
