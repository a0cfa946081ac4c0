// The port through which core and UI reach the API (spec 000 §7 'global client settings').
// The browser implementation is adapters/http/fetch-http.ts; tests provide their own.
import * as Schema from 'effect/Schema'
import type { BodyOf, Endpoint, ParamsOf, QueryInput, ResultOf } from './endpoint'

/** What a call sends: path parameters, query and body, each checked against the endpoint's schemas. */
export interface CallInput<E extends Endpoint> {
  readonly params?: ParamsOf<E>
  readonly query?: QueryInput<E>
  readonly body?: BodyOf<E>
}

export interface CallOptions {
  /** Aborting cancels the request; the call then fails with an ApiError. */
  readonly signal?: AbortSignal
}

/** How far an upload is: bytes sent of the body's total (spec 000 §7: /api/file/upload/v1 'with progress'). */
export interface UploadProgress {
  readonly loaded: number
  readonly total: number
}

/** A multipart upload: path parameters and query as for a call, and the form's fields in order. */
export interface UploadInput<E extends Endpoint> {
  readonly params?: ParamsOf<E>
  readonly query?: QueryInput<E>
  readonly form: ReadonlyArray<readonly [name: string, value: Blob | string, fileName?: string]>
}

export interface UploadOptions extends CallOptions {
  readonly onProgress?: (progress: UploadProgress) => void
}

export interface HttpPort {
  /**
   * Calls the endpoint and resolves with its decoded `result` (the text for `responseKind: 'text'`,
   * the Blob for spreadsheet and octet-stream answers). Fails only with an `ApiError` (./api-error).
   */
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>, options?: CallOptions): Promise<ResultOf<E>>
  /**
   * Sends a multipart form to the endpoint (spec 000 §7 uploads), reporting progress; aborting the
   * signal cancels it. Resolves with the decoded `result`; fails only with an `ApiError`.
   */
  upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>, options?: UploadOptions): Promise<ResultOf<E>>
}

/**
 * The `result` of an endpoint that answers a file (spec 000 §7: spreadsheet and octet-stream
 * responses pass through). Checked by shape rather than `instanceof`, because a Blob may come
 * from another realm (jsdom's Blob is not Node's).
 */
export const FileResult = Schema.declare(
  (u: unknown): u is Blob =>
    typeof u === 'object' &&
    u !== null &&
    !Array.isArray(u) &&
    typeof (u as Blob).size === 'number' &&
    typeof (u as Blob).type === 'string' &&
    typeof (u as Blob).arrayBuffer === 'function' &&
    typeof (u as Blob).slice === 'function',
  { identifier: 'FileResult', expected: 'a file (Blob)' },
)
