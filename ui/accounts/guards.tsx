// Route guards of spec 000 §2. 'A page needing login gives a 403 screen' is the shell's
// (ui/pages/status-pages.tsx); the personal area shows its not-logged-in panel (my-pages.tsx).
// 'Another guard redirects a logged-out visitor to /chiefCircle': applied to the member circle's
// own pages that make no sense to a guest — /chiefChatroom (the circle's chat room) — so a guest
// lands on the circle's public page, where joining starts. It waits for a hinted session's login
// info before deciding, so a signed-in reader reloading the page is never bounced.
import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { useSession } from '../common/session'

export const CIRCLE_PATH = '/chiefCircle'

export function RedirectGuestsToCircle({ children }: { children: ReactNode }) {
  const session = useSession()
  if (session.checking) return null
  if (!session.user) return <Redirect to={CIRCLE_PATH} replace />
  return <>{children}</>
}
