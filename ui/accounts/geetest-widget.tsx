// The GeeTest v3 widget, used when the server's captcha port is GeeTest (gt-init answers a gt that
// is not the local slider's). Loads GeeTest's gt.js once, then runs initGeetest in 'bind' mode: the
// challenge pops up at once; on success its challenge/validate/seccode go to the send-code machine.
// success 0 from gt-init is GeeTest's offline fallback (the widget's own local check).
// Needs the page's CSP to allow static.geetest.com and api.geetest.com (scripts, images, styles).
import { useEffect, useState } from 'react'
import type { CaptchaParams, CaptchaResult } from '../../core/auth/auth-types'
import { t } from '../i18n/i18n'

/** The gt the server's local slider answers with (server/accounts/codes.ts LOCAL_GT). */
export const LOCAL_SLIDER_GT = 'gmh-local-slider'
export const GEETEST_SCRIPT = 'https://static.geetest.com/static/tools/gt.js'

interface GeetestCaptcha {
  onReady(cb: () => void): GeetestCaptcha
  onSuccess(cb: () => void): GeetestCaptcha
  onError(cb: () => void): GeetestCaptcha
  onClose(cb: () => void): GeetestCaptcha
  getValidate(): { geetest_challenge: string; geetest_validate: string; geetest_seccode: string } | false
  verify(): void
}
type InitGeetest = (config: Record<string, unknown>, cb: (captcha: GeetestCaptcha) => void) => void
declare global {
  interface Window {
    initGeetest?: InitGeetest
  }
}

let loading: Promise<InitGeetest> | null = null
function loadGeetest(): Promise<InitGeetest> {
  if (window.initGeetest) return Promise.resolve(window.initGeetest)
  loading ??= new Promise<InitGeetest>((resolve, reject) => {
    const s = document.createElement('script')
    s.src = GEETEST_SCRIPT
    s.async = true
    s.onload = () => (window.initGeetest ? resolve(window.initGeetest) : reject(new Error('initGeetest missing')))
    s.onerror = () => {
      loading = null
      reject(new Error('gt.js failed to load'))
    }
    document.head.appendChild(s)
  })
  return loading
}

export function GeetestWidget({ params, onSolve, onCancel }: { params: CaptchaParams; onSolve: (r: CaptchaResult) => void; onCancel: () => void }) {
  const [error, setError] = useState(false)
  useEffect(() => {
    let live = true
    loadGeetest().then(
      (init) =>
        init({ gt: params.gt, challenge: params.challenge, offline: params.success !== 1, new_captcha: params.new_captcha ?? true, product: 'bind', lang: 'zh-cn' }, (captcha) => {
          captcha
            .onReady(() => live && captcha.verify())
            .onSuccess(() => {
              const v = captcha.getValidate()
              if (live && v) onSolve({ challenge: v.geetest_challenge, validate: v.geetest_validate, seccode: v.geetest_seccode })
            })
            .onError(() => live && setError(true))
            .onClose(() => live && onCancel())
        }),
      () => live && setError(true),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new captcha only for a new gt/challenge; the callbacks are read live through closures and must not re-init the widget
  }, [params.gt, params.challenge])
  return (
    <div data-testid="geetest" style={{ marginTop: 12, fontSize: 13 }}>
      {error ? <span role="alert">{t('accounts.captchaFailed')}</span> : t('accounts.captchaTitle')}{' '}
      <button type="button" onClick={onCancel}>
        {t('accounts.captchaCancel')}
      </button>
    </div>
  )
}
