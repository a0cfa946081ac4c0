// 举报 a circle's moment or a comment under one (issue 27; spec 001 §7 POST /api/user/complain/{type}/v1):
// a guest gets the login dialog; a reader picks a reason in a small dialog and sends it; the server's
// answer (举报已提交 or its message: 不能举报自己, 操作过于频繁…) shows in place of the button.
import { useId, useState } from 'react'
import { css } from '@linaria/core'
import { COMPLAIN_REASONS } from '../../core/api/interaction'
import { normaliseError } from '../../core/api/api-error'
import { Modal } from '../common/modal'
import { useSession } from '../common/session'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi, type ComplainReason } from './api'
import '../i18n/texts/circle'
import '../i18n/texts/posting'
import { dialogLook } from '../styles/looks'

const dialog = css`
  ${dialogLook(400)}
  padding: 20px 24px;
  h2 {
    margin: 0 0 14px;
    font-size: 18px;
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    margin-bottom: 8px;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  label {
    position: relative;
    display: inline-flex;
    align-items: center;
    height: 30px;
    padding: 0 14px;
    border: 1px solid ${tokens.border};
    border-radius: 15px;
    font-size: 13px;
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${tokens.brand};
    background: ${tokens.brandTint};
    color: ${tokens.brand};
  }
  label:has(input:focus-visible) {
    outline: 2px solid ${tokens.focus};
    outline-offset: 1px;
  }
  input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }
  .actions {
    display: flex;
    justify-content: flex-end;
    gap: 10px;
    margin-top: 18px;
  }
`
const done = css`
  font-size: 12px;
  color: ${tokens.textMuted};
`

export function ComplainButton({ type, id, className }: { type: 'circleDynamic' | 'circleComment'; id: number; className?: string }) {
  const api = useCirclesApi()
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<ComplainReason>('spam')
  const [sending, setSending] = useState(false)
  const [result, setResult] = useState<string | null>(null)
  const titleId = useId()
  if (result !== null)
    return (
      <span className={done} role="status" data-testid="complain-result">
        {result}
      </span>
    )
  const send = () => {
    setSending(true)
    api.complain(type, id, reason).then(
      () => setResult(t('circle.complain.done')),
      (e: unknown) => setResult(normaliseError(e).message),
    )
  }
  return (
    <>
      <button type="button" className={`${pill} ${className ?? ''}`} onClick={() => void session.requireLogin().then((ok) => ok && setOpen(true))} data-testid="complain">
        {t('circle.moment.complain')}
      </button>
      {open ? (
        <Modal labelledBy={titleId} onEscape={() => setOpen(false)} className={dialog} testId="complain-dialog">
          <h2 id={titleId}>{t('circle.complain.title')}</h2>
          <fieldset>
            <legend>{t('circle.complain.reason')}</legend>
            {COMPLAIN_REASONS.map((r) => (
              <label key={r}>
                <input type="radio" name={`${titleId}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
                {t(`posting.complainReasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <div className="actions">
            <button type="button" className={pill} onClick={() => setOpen(false)}>
              {t('circle.complain.cancel')}
            </button>
            <button type="button" className={`${pill} ${primary}`} disabled={sending} onClick={send} data-testid="complain-send">
              {sending ? t('circle.complain.sending') : t('circle.complain.send')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  )
}
