// Where the attestation page sends the reader when it is done (issue 13: the order dialog sends readers
// here when the machine says attestation is needed, and they come back to their purchase).
//
//   /member/attestation?step=<0-5>&redirect=<same-site path>
//
// `step` is the spec's attestation value (spec 001 §2: 0 overall, 1 or 5 real-name, 2 and 3 risk test,
// 4 result); `redirect` is a path on this site. Anything else (another origin, '//host', 'javascript:',
// a backslash trick) is ignored: the page is never an open redirect.
import type { Step } from '../../../core/attestation/attestation-rules'

export const ATTESTATION_PATH = '/member/attestation'
export const RETURN_PARAM = 'redirect'
export const STEP_PARAM = 'step'
/** bounded like every text at the contract (ours) */
const MAX_RETURN_LENGTH = 500

/** A same-site path (starting with one '/', no control characters, no backslash), or null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_RETURN_LENGTH) return null
  if (!raw.startsWith('/') || raw.startsWith('//')) return null
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null
  return raw
}

export function stepParam(raw: string | null | undefined): Step | undefined {
  return raw !== null && raw !== undefined && /^[0-5]$/.test(raw) ? (Number(raw) as Step) : undefined
}

/** The attestation link: opened at `step`, coming back to `returnTo` when done. */
export function attestationHref({ step, returnTo }: { step?: Step; returnTo?: string } = {}): string {
  const q = new URLSearchParams()
  if (step !== undefined) q.set(STEP_PARAM, String(step))
  const back = safeReturnPath(returnTo)
  if (back) q.set(RETURN_PARAM, back)
  const s = q.toString()
  return s ? `${ATTESTATION_PATH}?${s}` : ATTESTATION_PATH
}
