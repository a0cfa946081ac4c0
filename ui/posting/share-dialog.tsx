// The 分享 dialog (issue 25): the link of the public share page with 复制链接 (spec 000 §8: 复制成功 /
// 复制失败，请手动复制 — the link stays selectable for copying by hand), 打开分享页, and a QR code for a
// phone (qrcode's SVG renderer). It renders the share machine's state and sends its events.
import { useId } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from '@linaria/core'
import { shareLink, sharePagePath, type shareMachine } from '../../core/posting/share.machine'
import { Modal } from '../common/modal'
import { useRead } from '../common/use-read'
import { qrCode } from '../common/qr-code'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import '../i18n/texts/posting'
import { dialogLook } from '../styles/looks'

/** Our choice: wide enough for the QR code beside the link. */
const SHARE_DIALOG_WIDTH = 480

const dialog = css`
  ${dialogLook(SHARE_DIALOG_WIDTH)}
  padding: 20px 24px 24px;
  header { display: flex; align-items: center; justify-content: space-between; margin-bottom: 6px; }
  h2 { margin: 0; font-size: 18px; }
  .close { width: 30px; height: 30px; border: 0; border-radius: 15px; background: none; color: ${tokens.textSecondary}; font-size: 20px; line-height: 30px; cursor: pointer; padding: 0; }
  .close:hover { background: ${tokens.bg}; color: ${tokens.text}; }
  .what { margin: 0 0 16px; color: ${tokens.textSecondary}; font-size: 14px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .body { display: flex; gap: 20px; align-items: flex-start; }
  .qr { flex: none; width: 132px; text-align: center; color: ${tokens.textMuted}; font-size: 12px; line-height: 1.5; }
  .qr img { display: block; width: 132px; height: 132px; margin-bottom: 6px; border: 1px solid ${tokens.border}; border-radius: 6px; }
  .qr .blank { width: 132px; height: 132px; margin-bottom: 6px; border-radius: 6px; background: ${tokens.skeleton}; }
  .link { flex: 1; min-width: 0; }
  label { display: block; margin-bottom: 6px; font-size: 13px; color: ${tokens.textSecondary}; }
  input { width: 100%; box-sizing: border-box; height: 36px; border: 1px solid ${tokens.border}; border-radius: 6px; padding: 0 10px; font-size: 13px; color: ${tokens.text}; background: ${tokens.bg}; font-family: inherit; }
  input:focus { outline: 2px solid ${tokens.focus}; outline-offset: 1px; background: ${tokens.card}; }
  .actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 14px; }
  .actions a { display: inline-flex; align-items: center; box-sizing: border-box; text-decoration: none; }
  .ok { margin: 10px 0 0; color: ${tokens.success}; font-size: 13px; }
  .bad, .error { margin: 10px 0 0; color: ${tokens.brand}; font-size: 13px; }
  .wait { margin: 8px 0; color: ${tokens.textMuted}; font-size: 14px; }
`

function Qr({ link }: { link: string }) {
  const qr = useRead(qrCode(link))
  return (
    <div className="qr">
      {qr.status === 'ready' ? <img src={qr.data} alt={t('posting.share.qrAlt')} width={132} height={132} data-testid="share-qr" /> : <div className="blank" aria-hidden="true" />}
      {t('posting.share.qr')}
    </div>
  )
}

export function ShareDialog({ actor }: { actor: ActorRefFrom<typeof shareMachine> }) {
  const id = useId()
  const creating = useSelector(actor, (s) => s.matches('creating'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const copying = useSelector(actor, (s) => s.matches('copying'))
  const share = useSelector(actor, (s) => s.context.share)
  const error = useSelector(actor, (s) => s.context.error)
  const copy = useSelector(actor, (s) => s.context.copy)
  const close = () => actor.send({ type: 'share.close' })
  const link = share ? shareLink(window.location.origin, share.code) : ''
  return (
    <Modal labelledBy={`${id}-h`} onEscape={close} className={dialog} testId="share-dialog">
      <header>
        <h2 id={`${id}-h`}>{t('posting.share.title')}</h2>
        <button type="button" className="close" aria-label={t('posting.share.close')} onClick={close}>
          ×
        </button>
      </header>
      {creating ? <p className="wait">{t('posting.share.creating')}</p> : null}
      {failed ? (
        <>
          <p className="error" role="alert">{error}</p>
          <div className="actions">
            <button type="button" className={`${pill} ${primary}`} onClick={() => actor.send({ type: 'share.retry' })}>
              {t('posting.share.retry')}
            </button>
          </div>
        </>
      ) : null}
      {share && !creating && !failed ? (
        <>
          <p className="what">{share.title}</p>
          <div className="body">
            <Qr link={link} />
            <div className="link">
              <label htmlFor={`${id}-link`}>{t('posting.share.linkLabel')}</label>
              <input id={`${id}-link`} readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
              <div className="actions">
                <button type="button" className={`${pill} ${primary}`} disabled={copying} onClick={() => actor.send({ type: 'copy.click' })} data-testid="share-copy">
                  {t('posting.share.copy')}
                </button>
                <a className={pill} href={sharePagePath(share.code)} target="_blank" rel="noopener" data-testid="share-open">
                  {t('posting.share.open')}
                </a>
              </div>
              {copy === 'copied' ? <p className="ok" role="status">{t('posting.share.copied')}</p> : null}
              {copy === 'failed' ? <p className="bad" role="status">{t('posting.share.copyFailed')}</p> : null}
            </div>
          </div>
        </>
      ) : null}
    </Modal>
  )
}
