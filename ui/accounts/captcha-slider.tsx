// The local slider challenge (the captcha port's local default): drag the piece to the gap drawn
// in the picture; the server checks the offset and gives challenge/validate/seccode.
import { useState } from 'react'
import { css } from '@linaria/core'
import type { CaptchaParams, CaptchaResult } from '../../core/auth/auth-types'
import { normaliseError } from '../../core/api/api-error'
import { useAccountsApi } from './api'
import { useRead } from '../common/use-read'
import { t } from '../i18n/i18n'
import { chip } from '../styles/buttons'
import { tokens } from '../styles/tokens'

const box = css`
  margin-top: 12px;
  padding: 12px;
  border: 1px solid ${tokens.border};
  border-radius: 8px;
  background: ${tokens.trackBg};
  font-size: 13px;
  input[type='range'] {
    width: 100%;
    accent-color: ${tokens.brand};
  }
`
const footer = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: 4px;
`
const cancel = css`
  flex: none;
`

export function CaptchaSlider({ params, onSolve, onCancel }: { params: CaptchaParams; onSolve: (r: CaptchaResult) => void; onCancel: () => void }) {
  const calls = useAccountsApi()
  const challenge = useRead(calls.captchaChallenge(params.challenge))
  const picture = challenge.status === 'ready' ? challenge.data : null
  const [offset, setOffset] = useState(0)
  const [verifyError, setError] = useState<string | null>(null)
  const error = verifyError ?? (challenge.status === 'failed' ? challenge.message : null)
  const release = () =>
    calls.captchaVerify(params.challenge, offset).then(onSolve, (e) => {
      setError(normaliseError(e).message)
      onCancel()
    })
  return (
    <div className={box} data-testid="captcha">
      <div>{t('accounts.captchaTitle')}</div>
      {picture ? (
        <div style={{ position: 'relative', width: picture.width, height: 130, margin: '8px 0' }}>
          <img src={picture.image} width={picture.width} height={130} alt="" />
          <div style={{ position: 'absolute', left: offset, top: picture.gapY, width: picture.piece, height: picture.piece, border: `2px solid ${tokens.onBrand}`, borderRadius: 6, background: tokens.scrimLight }} />
        </div>
      ) : null}
      <input
        type="range"
        min={0}
        max={picture ? picture.width - picture.piece : 256}
        value={offset}
        aria-label={t('accounts.captchaHint')}
        onChange={(e) => setOffset(Number(e.target.value))}
        onPointerUp={release}
        onKeyUp={(e) => (e.key === 'Enter' ? void release() : undefined)}
      />
      <div className={footer}>
        <span style={{ color: tokens.textMuted }}>{error ?? t('accounts.captchaHint')}</span>
        <button type="button" className={`${chip} ${cancel}`} onClick={onCancel} data-testid="captcha-cancel">
          {t('accounts.captchaCancel')}
        </button>
      </div>
    </div>
  )
}
