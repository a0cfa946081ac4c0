// 分享 on the post, news and article pages (issue 25; spec 000 §7 POST /api/share/v2): it renders
// core/posting/share.machine.ts — a guest gets the login dialog, a reader the link of the public share
// page (/share/{code}) to copy, open or scan. The dialog (and its QR code) loads on the first click.
import { lazy, Suspense, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { css } from '@linaria/core'
import type { ShareSource } from '../../core/posting/share.machine'
import { useSessionActor } from '../common/session'
import { t } from '../i18n/i18n'
import { pill } from '../styles/buttons'
import { usePostingApi } from './api'
import '../i18n/texts/posting'

const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })))

const button = css`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  svg { flex: none; }
`

/** The browser's clipboard; a page without one (plain http off localhost) fails, and the dialog says 复制失败，请手动复制. */
async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
  await navigator.clipboard.writeText(text)
}

export function ShareButton({ source, id }: { source: ShareSource; id: number }) {
  const calls = usePostingApi()
  const session = useSessionActor()
  const machine = useMemo(() => calls.share(session, copyText), [calls, session])
  const actor = useActorRef(machine, { input: { source, id }, inspect })
  const open = useSelector(actor, (s) => !s.matches('closed') && !s.matches('needsLogin'))
  const busy = useSelector(actor, (s) => s.matches('needsLogin'))
  return (
    <>
      <button type="button" className={`${pill} ${button}`} aria-haspopup="dialog" disabled={busy} onClick={() => actor.send({ type: 'share.open' })} data-testid="share-button">
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M18 16.1c-.8 0-1.5.3-2 .8l-7.1-4.1c.1-.3.1-.5.1-.8s0-.5-.1-.8L16 7.1c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .3 0 .5.1.8L8 9.8C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.5-.1.7 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9-1.2-3-2.8-3Z" />
        </svg>
        {t('posting.share.action')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog actor={actor} />
        </Suspense>
      ) : null}
    </>
  )
}
