// spec 000 §8: the one error every API call fails with, and the generic normalisation rule
// ("message from the error, else serialised; status defaults to 500").

/** What the server and the client agree an error is: the envelope's statusCode, message and result. */
export class ApiError extends Error {
  readonly _tag = 'ApiError' as const
  readonly statusCode: number
  /** The envelope's `result`, for callers that need it (login 2000, bind 1012, merge 417). */
  readonly result?: unknown

  constructor(fields: { statusCode: number; message: string; result?: unknown; cause?: unknown }) {
    super(fields.message, fields.cause === undefined ? undefined : { cause: fields.cause })
    this.name = 'ApiError'
    this.statusCode = fields.statusCode
    if (fields.result !== undefined) this.result = fields.result
  }
}

/** spec 000 §8: status defaults to 500. */
export const DEFAULT_ERROR_STATUS = 500
/** Last resort when a thrown value cannot even be turned into text. */
const UNKNOWN_ERROR_MESSAGE = '未知错误'

export function isApiError(u: unknown): u is ApiError {
  if (u instanceof ApiError) return true
  const tag = safeGet(u, '_tag')
  return tag === 'ApiError' && typeof safeGet(u, 'statusCode') === 'number' && typeof safeGet(u, 'message') === 'string'
}

/** Any thrown value → ApiError. An ApiError passes through unchanged. */
export function normaliseError(e: unknown): ApiError {
  if (e instanceof ApiError) return e
  const status = safeGet(e, 'statusCode')
  const statusCode = typeof status === 'number' && Number.isFinite(status) ? status : DEFAULT_ERROR_STATUS
  const result = safeGet(e, 'result')
  return new ApiError({ statusCode, message: messageOf(e), result, cause: e })
}

/** The error's own message when it has a non-empty one, else undefined. */
export function ownMessage(e: unknown): string | undefined {
  if (typeof e === 'string') return e.length > 0 ? e : undefined
  const m = safeGet(e, 'message')
  return typeof m === 'string' && m.length > 0 ? m : undefined
}

/** What a failed read says when the failure carries no message of its own. */
export const LOAD_FAILED = '加载失败'

/**
 * The one error-to-message rule (issue 26): the error's own message when it has a non-blank one,
 * else `fallback` (a Chinese text the caller names), else the value as text. Machines and views
 * show what this returns; none writes its own `instanceof Error ? e.message : …`.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const own = ownMessage(error)
  if (own !== undefined && own.trim() !== '') return own
  if (fallback !== undefined) return fallback
  try {
    return nonEmpty(String(error)) ?? UNKNOWN_ERROR_MESSAGE
  } catch {
    return UNKNOWN_ERROR_MESSAGE
  }
}

function messageOf(e: unknown): string {
  return ownMessage(e) ?? nonEmpty(serialise(e)) ?? UNKNOWN_ERROR_MESSAGE
}

/** JSON.stringify, falling back to String() (cycles, BigInt, undefined, symbols). */
function serialise(e: unknown): string | undefined {
  try {
    const json = JSON.stringify(e)
    if (json !== undefined) return json
  } catch {
    // fall through to String()
  }
  try {
    return String(e)
  } catch {
    return undefined
  }
}

function nonEmpty(s: string | undefined): string | undefined {
  return s !== undefined && s.length > 0 ? s : undefined
}

/** Reads a property of anything without throwing (getters and proxies may throw). */
function safeGet(u: unknown, key: string): unknown {
  if ((typeof u !== 'object' && typeof u !== 'function') || u === null) return undefined
  try {
    return (u as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}
