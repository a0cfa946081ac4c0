// The login dialog (spec 000 §2 'Login dialog pages', §4, §5, §8): base (tabs phone code, password,
// forget), pageSuccess (forget, bind), weixin (QR), bindphone (with the merge tabs). The view renders
// core/auth/login-dialog.machine.ts and sends its events; it decides nothing.
import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import type { ActorRefFrom } from 'xstate'
import { css } from '@linaria/core'
import type { LoginInfo } from '../../core/api/accounts'
import { loginDialogMachine, type LoginField } from '../../core/auth/login-dialog.machine'
import { MERGE_FAILED_TEXT, MERGE_SUCCESS_TEXT, type bindMergeMachine } from '../../core/auth/bind-merge.machine'
import type { sendCodeMachine } from '../../core/auth/send-code.machine'
import type { wechatQrMachine } from '../../core/auth/wechat-qr.machine'
import { formatDate } from '../../core/format/date-time'
import { formatFans } from '../../core/format/big-number'
import { DOCUMENT_NAMES, documentPath } from '../../core/reading/docs/document-names'
import { coreText, t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { CaptchaSlider } from './captcha-slider'
import { GeetestWidget, LOCAL_SLIDER_GT } from './geetest-widget'
import { useSessionActor, type LoginRequest } from '../common/session'
import { useAccountsApi } from './api'
import { useRead } from '../common/use-read'
import { Modal } from '../common/modal'
import { Tabs } from '../common/tabs'

const panel = css`
  width: 400px;
  max-width: calc(100vw - 24px);
  background: ${tokens.card};
  border-radius: 12px;
  padding: 28px 32px 24px;
  position: relative;
  font-size: 14px;
  color: ${tokens.text};
  h2 { margin: 0 0 16px; font-size: 18px; }
  label.f { display: block; margin-top: 12px; }
  input[type='text'], input[type='password'], input[type='tel'], select { height: 38px; border: 1px solid ${tokens.border}; border-radius: 6px; padding: 0 10px; font-size: 14px; box-sizing: border-box; }
  select { background: ${tokens.card}; color: ${tokens.text}; } /* not the browser's grey buttonface (issue 25) */
  .row { display: flex; gap: 8px; }
  .row input { flex: 1; min-width: 0; }
  .err { color: ${tokens.brand}; font-size: 12px; min-height: 16px; margin-top: 2px; }
  .submit { width: 100%; height: 40px; margin-top: 16px; border: 0; border-radius: 20px; background: ${tokens.brand}; color: ${tokens.onBrand}; font-size: 15px; cursor: pointer; }
  .link { background: none; border: 0; color: ${tokens.brand}; cursor: pointer; padding: 0; font-size: 13px; }
  .send { white-space: nowrap; min-width: 104px; border: 1px solid ${tokens.brand}; color: ${tokens.brand}; background: ${tokens.card}; border-radius: 6px; cursor: pointer; }
  .send:disabled { color: ${tokens.textMuted}; border-color: ${tokens.border}; cursor: default; }
`
const closeBtn = css`
  position: absolute; right: 14px; top: 10px; border: 0; background: none; font-size: 22px; cursor: pointer; color: ${tokens.textMuted};
`
const tabs = css`
  display: flex; gap: 20px; margin-bottom: 8px; border-bottom: 1px solid ${tokens.border};
  button { background: none; border: 0; padding: 8px 0; font-size: 15px; cursor: pointer; color: ${tokens.textSecondary}; border-bottom: 2px solid transparent; }
  button[aria-selected='true'] { color: ${tokens.brand}; border-bottom-color: ${tokens.brand}; }
`

type CodeSenderRef = ActorRefFrom<typeof sendCodeMachine>
type BindMergeRef = ActorRefFrom<typeof bindMergeMachine>
type WechatQrRef = ActorRefFrom<typeof wechatQrMachine>

/** spec 000 §9: default country code 86 — shown until the list has come (and if it never does). */
const DEFAULT_COUNTRY_CODES: readonly { text: string; code: string; region: string }[] = [{ text: '中国', code: '86', region: 'CN' }]

function useCountryCodes() {
  const read = useRead(useAccountsApi().countryCodes())
  return read.status === 'ready' ? read.data : DEFAULT_COUNTRY_CODES
}

function CountrySelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const list = useCountryCodes()
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} aria-label="国家/地区" style={{ width: 110 }}>
      {list.map((c) => (
        <option key={c.region} value={c.code}>
          {c.text} +{c.code}
        </option>
      ))}
    </select>
  )
}

function SendCodeButton({ sender, onSend }: { sender: CodeSenderRef | undefined; onSend: () => void }) {
  const remaining = useSelector(sender, (s) => s?.context.remaining ?? 0)
  const counting = useSelector(sender, (s) => !!s?.matches('counting'))
  const sending = useSelector(sender, (s) => !!s?.matches('sending'))
  return (
    <button type="button" className="send" disabled={counting || sending} onClick={onSend} data-testid="send-code">
      {counting ? t('accounts.resend', { seconds: remaining }) : t('accounts.sendCode')}
    </button>
  )
}

function SenderExtras({ sender }: { sender: CodeSenderRef | undefined }) {
  const message = useSelector(sender, (s) => s?.context.message ?? null)
  const captcha = useSelector(sender, (s) => (s?.matches({ captcha: 'challenge' }) ? s.context.captcha : null))
  if (!sender) return null
  return (
    <>
      {message ? <div className="err" role="alert">{message}</div> : null}
      {captcha ? (
        captcha.gt === LOCAL_SLIDER_GT ? (
          <CaptchaSlider
            params={captcha}
            onSolve={(r) => sender.send({ type: 'captcha.solve', ...r })}
            onCancel={() => sender.send({ type: 'captcha.cancel' })}
          />
        ) : (
          <GeetestWidget
            params={captcha}
            onSolve={(r) => sender.send({ type: 'captcha.solve', ...r })}
            onCancel={() => sender.send({ type: 'captcha.cancel' })}
          />
        )
      ) : null}
    </>
  )
}

export function LoginDialog({ request }: { request: LoginRequest }) {
  const calls = useAccountsApi()
  const session = useSessionActor()
  const machine = useMemo(
    () =>
      loginDialogMachine.provide({
        actors: {
          codeSender: calls.codeSender,
          bindMerge: calls.bindMerge,
          wechatQr: calls.wechatQr,
          loginByCode: calls.loginByCode,
          loginByPassword: calls.loginByPassword,
          resetPassword: calls.resetPassword,
        },
        actions: {
          lockScroll: () => void (document.body.style.overflow = 'hidden'),
          restoreScroll: () => void (document.body.style.overflow = ''),
          removeWxcode: () => {
            const url = new URL(location.href)
            if (url.searchParams.has('wxcode')) {
              url.searchParams.delete('wxcode')
              history.replaceState(history.state, '', url.pathname + url.search + url.hash)
            }
          },
          storeSignIn: (_, params) => {
            // the sign-in answers carry the full login info (spec 000 §3)
            if (params.signIn) session.send({ type: 'login.done', info: params.signIn as LoginInfo })
          },
          fetchMembership: () => undefined, // membership comes with the login info
          // spec 000 §4: the session machine loads the follow and stock lists on entering signedIn
          fetchFollows: () => undefined,
          fetchStockFollows: () => undefined,
          acceptAgreement: () => void calls.acceptAgreement(),
        },
      }),
    [calls, session],
  )
  const actor = useActorRef(machine, { inspect })
  const state = useSelector(actor, (s) => s)
  useEffect(() => {
    actor.send({ type: 'dialog.open', ...(request.tab ? { tab: request.tab } : {}), ...(request.page ? { page: request.page } : {}), ...(request.bindInfo ? { bindInfo: request.bindInfo } : {}) })
  }, [actor, request])
  const closed = state.matches('closed')
  const opened = state.matches('open')
  // whether this dialog has been open (not drawn: kept in a ref, read and written in the effect)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (opened) wasOpen.current = true
    if (closed && wasOpen.current) {
      // after binding a phone the login info changed: read it again
      if (request.page === 'bindphone') session.send({ type: 'session.check' })
      session.send({ type: 'login.close' })
    }
  }, [closed, opened, session, request.page])
  if (!opened) return null

  const { form, errors, message, agreed } = state.context
  const err = (f: string) => errors.find((e) => e.field === f)?.message
  const set = (field: LoginField) => (e: { target: { value: string } }) => actor.send({ type: 'input.change', field, value: e.target.value })
  const sender = state.children.codeSender as CodeSenderRef | undefined
  const submit = (e: { preventDefault: () => void }) => {
    e.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  const agreement = (
    <div style={{ marginTop: 12, fontSize: 12, color: tokens.textSecondary, position: 'relative' }}>
      <label>
        <input type="checkbox" checked={agreed} onChange={() => actor.send({ type: 'agreement.toggle' })} data-testid="agree" /> {t('accounts.agree')}
        <a href={documentPath(DOCUMENT_NAMES.userAgreement)} target="_blank" rel="noreferrer">{t('accounts.agreement')}</a>
        <a href={documentPath(DOCUMENT_NAMES.privacy)} target="_blank" rel="noreferrer">{t('accounts.privacy')}</a>
      </label>
      {err('agreement') ? <div className="err" role="tooltip">{err('agreement')}</div> : null}
    </div>
  )
  const phoneRow = (
    <>
      <label className="f">
        <div className="row">
          <CountrySelect value={form.countryCode} onChange={(v) => actor.send({ type: 'input.change', field: 'countryCode', value: v })} />
          <input type="tel" placeholder={t('accounts.phone')} value={form.phone} onChange={set('phone')} name="phone" autoComplete="tel-national" />
        </div>
      </label>
      <div className="err">{err('phone')}</div>
      <div className="row">
        <input type="text" inputMode="numeric" placeholder={t('accounts.code')} value={form.code} onChange={set('code')} name="code" maxLength={6} />
        <SendCodeButton sender={sender} onSend={() => actor.send({ type: 'code.send' })} />
      </div>
      <div className="err">{err('code')}</div>
      <SenderExtras sender={sender} />
    </>
  )

  let body: React.ReactNode = null
  if (state.matches({ open: 'base' })) {
    const tab = state.matches({ open: { base: 'password' } }) ? 'password' : state.matches({ open: { base: 'forget' } }) ? 'forget' : 'phoneCode'
    body = (
      <>
        <Tabs
          className={tabs}
          label={t('accounts.login')}
          items={(['phoneCode', 'password', 'forget'] as const).map((k) => ({ key: k, label: t(k === 'phoneCode' ? 'accounts.tabPhoneCode' : k === 'password' ? 'accounts.tabPassword' : 'accounts.tabForget') }))}
          value={tab}
          onChange={(k) => actor.send({ type: 'tab.choose', tab: k })}
        />
        <form onSubmit={submit} noValidate>
          {tab === 'password' ? (
            <>
              <label className="f">
                <input type="text" style={{ width: '100%' }} placeholder={t('accounts.account')} value={form.account} onChange={set('account')} name="account" autoComplete="username" />
              </label>
              <div className="err">{err('account')}</div>
              <label className="f">
                <input type="password" style={{ width: '100%' }} placeholder={t('accounts.password')} value={form.password} onChange={set('password')} name="password" autoComplete="current-password" />
              </label>
              <div className="err">{err('password')}</div>
            </>
          ) : (
            phoneRow
          )}
          {tab === 'forget' ? (
            <>
              <input type="password" style={{ width: '100%', marginTop: 8 }} placeholder={t('accounts.newPassword')} value={form.password} onChange={set('password')} name="newPassword" autoComplete="new-password" />
              <div className="err">{err('password')}</div>
              <input type="password" style={{ width: '100%' }} placeholder={t('accounts.passwordConfirm')} value={form.passwordConfirm} onChange={set('passwordConfirm')} name="passwordConfirm" autoComplete="new-password" />
              <div className="err">{err('passwordConfirm')}</div>
            </>
          ) : null}
          {message ? <div className="err" role="alert">{message}</div> : null}
          <button className="submit" type="submit" data-testid="login-submit">
            {tab === 'forget' ? t('accounts.resetSubmit') : tab === 'password' ? t('accounts.loginPassword') : t('accounts.login')}
          </button>
          {tab !== 'forget' ? agreement : null}
        </form>
        {tab !== 'forget' ? (
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            <button type="button" className="link" onClick={() => actor.send({ type: 'weixin.open' })} data-testid="wechat-open">
              {t('accounts.wechatLogin')}
            </button>
          </div>
        ) : null}
      </>
    )
  } else if (state.matches({ open: 'pageSuccess' })) {
    const forget = state.matches({ open: { pageSuccess: 'forget' } })
    body = (
      <div style={{ textAlign: 'center', padding: '24px 0' }}>
        <p>{forget ? t('accounts.successForget') : t('accounts.successBind')}</p>
        <button className="submit" type="button" onClick={() => actor.send({ type: 'success.confirm' })}>
          {t('accounts.ok')}
        </button>
      </div>
    )
  } else if (state.matches({ open: 'weixin' })) {
    body = <WechatQr qr={state.children.wechatQr as WechatQrRef | undefined} onBack={() => actor.send({ type: 'weixin.back' })} />
  } else if (state.matches({ open: 'bindphone' })) {
    body = <BindPhone bind={state.children.bindMerge as BindMergeRef | undefined} bindInfo={state.context.bindInfo} />
  }

  return (
    // issue 16: focus moves in, stays in, and goes back to the opener; Esc closes like the × button
    <Modal className={panel} label={t('accounts.login')} onEscape={() => actor.send({ type: 'dialog.close' })}>
      {body}
      <button type="button" className={closeBtn} aria-label={t('accounts.close')} onClick={() => actor.send({ type: 'dialog.close' })}>
        ×
      </button>
    </Modal>
  )
}

/**
 * The WeChat QR: renders the child wechatQr (core/auth/wechat-qr.machine.ts) — the code, its expiry
 * and the asking are the machine's; the view shows the image, the refresh link and the local link.
 */
function WechatQr({ qr, onBack }: { qr: WechatQrRef | undefined; onBack: () => void }) {
  const code = useSelector(qr, (s) => s?.context.qr ?? null)
  const image = useSelector(qr, (s) => s?.context.image ?? null)
  const error = useSelector(qr, (s) => s?.context.error ?? null)
  const expired = useSelector(qr, (s) => !!s?.matches('expired'))
  return (
    <div style={{ textAlign: 'center' }}>
      <h2>{t('accounts.wechatLogin')}</h2>
      {code && image && !expired ? <img src={image} width={180} height={180} alt={t('accounts.wechatScanHint')} data-testid="wechat-qr" data-url={code.url} /> : null}
      {expired && error ? <div className="err" role="alert">{error}</div> : null}
      {expired ? (
        <button type="button" className="link" onClick={() => qr?.send({ type: 'qr.refresh' })} data-testid="wechat-refresh">
          {t('accounts.wechatExpired')}
        </button>
      ) : null}
      <p style={{ color: tokens.textSecondary }}>{t('accounts.wechatScanHint')}</p>
      {code && !expired ? (
        <p>
          <a href={code.url} target="_blank" rel="noreferrer" style={{ fontSize: 12 }}>
            {t('accounts.wechatOpenLocal')}
          </a>
        </p>
      ) : null}
      <button type="button" className="link" onClick={onBack}>
        {t('accounts.back')}
      </button>
    </div>
  )
}

function BindPhone({ bind, bindInfo }: { bind: BindMergeRef | undefined; bindInfo: { nick: string; avatar: string } | null }) {
  const snap = useSelector(bind, (s) => s)
  if (!bind || !snap) return null
  const { form, errors, message, users, selected, confirmMessage } = snap.context
  const err = (f: string) => errors.find((e) => e.field === f)?.message
  const sender = snap.children.codeSender as CodeSenderRef | undefined
  if (snap.matches('bind')) {
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          bind.send({ type: 'form.submit' })
        }}
      >
        <h2>{t('accounts.bindTitle')}</h2>
        {bindInfo ? (
          <div className="row" style={{ alignItems: 'center' }}>
            {bindInfo.avatar ? <img src={bindInfo.avatar} width={32} height={32} alt="" style={{ borderRadius: 16 }} /> : null}
            <span>{bindInfo.nick}</span>
          </div>
        ) : null}
        <p style={{ color: tokens.textSecondary }}>{t('accounts.bindHint')}</p>
        <div className="row">
          <CountrySelect value={form.countryCode} onChange={(v) => bind.send({ type: 'input.change', field: 'countryCode', value: v })} />
          <input type="tel" name="phone" placeholder={t('accounts.phone')} value={form.phone} onChange={(e) => bind.send({ type: 'input.change', field: 'phone', value: e.target.value })} />
        </div>
        <div className="err">{err('phone')}</div>
        <div className="row">
          <input type="text" name="code" inputMode="numeric" maxLength={6} placeholder={t('accounts.code')} value={form.code} onChange={(e) => bind.send({ type: 'input.change', field: 'code', value: e.target.value })} />
          <SendCodeButton sender={sender} onSend={() => bind.send({ type: 'code.send' })} />
        </div>
        <div className="err">{err('code')}</div>
        <SenderExtras sender={sender} />
        {message ? <div className="err" role="alert">{message}</div> : null}
        <button className="submit" type="submit" data-testid="bind-submit">
          {t('accounts.bindSubmit')}
        </button>
      </form>
    )
  }
  if (snap.matches('mergeAccount') && users) {
    return (
      <div>
        <h2>{t('accounts.mergeTitle')}</h2>
        {(['phoneUser', 'loginUser'] as const).map((k) => {
          const u = users[k]
          return (
            <label key={k} style={{ display: 'flex', gap: 10, padding: 10, marginTop: 8, border: `1px solid ${selected === k ? tokens.brand : tokens.border}`, borderRadius: 8, cursor: 'pointer' }}>
              <input type="radio" name="keep" checked={selected === k} onChange={() => bind.send({ type: 'account.choose', account: k })} data-testid={`keep-${k}`} />
              <span>
                <strong>{u.nick}</strong> <small>（{t(k === 'phoneUser' ? 'accounts.mergePhoneUser' : 'accounts.mergeLoginUser')}{u.phone ? ` ${u.phone}` : ''}）</small>
                <br />
                <small style={{ color: tokens.textSecondary }}>
                  {t('accounts.mergeCreated', { date: formatDate(u.createDate) })} · {t('accounts.mergeCounts', { follow: u.userCount.follow, fans: formatFans(u.userCount.fans), stocks: u.userCount.optionalStock })}
                </small>
              </span>
            </label>
          )
        })}
        <button className="submit" type="button" onClick={() => bind.send({ type: 'merge.next' })} data-testid="merge-next">
          {t('accounts.mergeNext')}
        </button>
      </div>
    )
  }
  if (snap.matches('mergeCheck')) {
    return (
      <div>
        <h2>{t('accounts.mergeCheckTitle')}</h2>
        <p>{t('accounts.mergeCheckText')}</p>
        {confirmMessage ? <div className="err" role="alert">{coreText(confirmMessage)}</div> : null}
        <div className="row">
          <button className="submit" type="button" style={{ background: tokens.textMuted }} onClick={() => bind.send({ type: 'merge.back' })}>
            {t('accounts.back')}
          </button>
          <button className="submit" type="button" disabled={snap.matches({ mergeCheck: 'merging' })} onClick={() => bind.send({ type: 'merge.confirm' })} data-testid="merge-confirm">
            {t('accounts.mergeConfirm')}
          </button>
        </div>
      </div>
    )
  }
  if (snap.matches('mergeRes')) {
    const ok = snap.matches({ mergeRes: 'success' })
    return (
      <div style={{ textAlign: 'center' }}>
        <p data-testid="merge-result">{coreText(ok ? MERGE_SUCCESS_TEXT : MERGE_FAILED_TEXT)}</p>
        <button className="submit" type="button" onClick={() => bind.send({ type: 'merge.finish' })}>
          {t('accounts.done')}
        </button>
      </div>
    )
  }
  return null
}
