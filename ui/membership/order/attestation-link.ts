// Where the dialog sends a reader who must be qualified first (issue 13): the attestation screens' page,
//   /member/attestation?step=<0-5>&redirect=<same-site path>
// (spec 001 §2 attestation values: 0 overall, 1 or 5 real-name, 2 and 3 risk test, 4 result). The page
// (ui/membership/attestation/) brings the reader back to `redirect` when done.
import type { Step } from '../../../core/attestation/attestation-rules'

export const ATTESTATION_PATH = '/member/attestation'

export function attestationPath(step: Step, returnTo: string): string {
  const q = new URLSearchParams({ step: String(step) })
  // only a same-site path goes back (never an open redirect)
  if (returnTo.startsWith('/') && !returnTo.startsWith('//')) q.set('redirect', returnTo)
  return `${ATTESTATION_PATH}?${q.toString()}`
}
