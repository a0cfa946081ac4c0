// The personal area (spec 000 §2 'Personal area'; spec 001 §2): the my layout's side panel and user
// card, the not-logged-in panel for guests, /my/setting, /my/follower, /my/following.
import { useState } from 'react'
import { Link } from 'wouter'
import * as api from '../../core/api/accounts'
import { normaliseError } from '../../core/api/api-error'
import { validatePasswordChange } from '../../core/validation/login'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { pill, primary } from '../styles/buttons'
import { choiceGroup, fileButton } from '../styles/controls'
import { usePriceColours } from '../styles/price-colours'
import { COLOUR_SCHEMES } from '../../core/market/price-colour'
import { useServices } from '../services'
import { css } from '@linaria/core'
import { useSession } from '../common/session'
import { useAccountsApi } from './api'
import { FollowButton } from '../common/follow-button'
import { forReader, usePages } from '../common/use-read'
import { Modal } from '../common/modal'
import { My } from '../common/my-layout'

const avatarRow = css`
  display: flex;
  align-items: center;
  gap: 12px;
  img {
    border-radius: 50%;
    object-fit: cover;
  }
`

export function SettingPage() {
  return <My>{(info) => <SettingForm info={info} />}</My>
}

function SettingForm({ info }: { info: api.LoginInfo }) {
  const calls = useAccountsApi()
  const session = useSession()
  const [form, setForm] = useState({ nick: info.nick, sex: info.sex, country: info.country, state: info.state, city: info.city, userBrief: info.brief, professions: info.professions.join('，') })
  const [msg, setMsg] = useState<string | null>(null)
  const [pw, setPw] = useState({ oldPassword: '', password: '', passwordConfirm: '' })
  const [pwMsg, setPwMsg] = useState<string | null>(null)
  const field = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value })
  const save = async (e: { preventDefault: () => void }) => {
    e.preventDefault()
    try {
      const next = await calls.updateInfo({
          userId: info.id,
          nick: form.nick,
          sex: Number(form.sex) as 0 | 1 | 2,
          country: form.country,
          state: form.state,
          city: form.city,
          userBrief: form.userBrief,
          professions: form.professions.split(/[,，]/).map((s) => s.trim()).filter(Boolean),
      })
      session.actor.send({ type: 'info.update', info: next })
      setMsg(t('accounts.saved'))
    } catch (err) {
      setMsg(normaliseError(err).message)
    }
  }
  const upload = (file: File | undefined) => {
    if (!file) return
    const reader = new FileReader()
    reader.onload = () =>
      calls.uploadAvatar(String(reader.result)).then(
        (r) => session.actor.send({ type: 'info.update', info: { ...info, avatar: r.avatar } }),
        (err) => setMsg(normaliseError(err).message),
      )
    reader.readAsDataURL(file)
  }
  const changePassword = async (e: { preventDefault: () => void }) => {
    e.preventDefault()
    const errors = validatePasswordChange(info.hasPassword ? pw : { ...pw, oldPassword: pw.oldPassword || '-' })
    if (errors.length) return setPwMsg(errors[0]!.message)
    try {
      await calls.updatePassword({ ...(info.hasPassword ? { oldPassword: pw.oldPassword } : {}), user: { password: pw.password } })
      setPwMsg(t('accounts.passwordChanged'))
      setPw({ oldPassword: '', password: '', passwordConfirm: '' })
    } catch (err) {
      setPwMsg(normaliseError(err).message)
    }
  }
  return (
    <>
      <h2>{t('accounts.settingTitle')}</h2>
      <form onSubmit={save}>
        <label htmlFor="avatar-file">{t('accounts.avatar')}</label>
        <div className={avatarRow}>
          {info.avatar ? <img src={info.avatar} alt="" width={48} height={48} /> : null}
          <label className={fileButton} data-testid="avatar-upload">
            {t('accounts.avatarUpload')}
            <input id="avatar-file" type="file" accept=".jpg,.jpeg,.png,.gif" aria-label={t('accounts.avatarUpload')} onChange={(e) => upload(e.target.files?.[0])} />
          </label>
        </div>
        <label htmlFor="nick">{t('accounts.nick')}</label>
        <input id="nick" type="text" value={form.nick} onChange={field('nick')} maxLength={40} />
        <label htmlFor="sex">{t('accounts.sex')}</label>
        <select id="sex" value={form.sex} onChange={(e) => setForm({ ...form, sex: Number(e.target.value) })}>
          <option value={0}>{t('accounts.sexUnknown')}</option>
          <option value={1}>{t('accounts.sexMale')}</option>
          <option value={2}>{t('accounts.sexFemale')}</option>
        </select>
        <label htmlFor="country">{t('accounts.country')}</label>
        <input id="country" type="text" value={form.country} onChange={field('country')} />
        <label htmlFor="state">{t('accounts.state')}</label>
        <input id="state" type="text" value={form.state} onChange={field('state')} />
        <label htmlFor="city">{t('accounts.city')}</label>
        <input id="city" type="text" value={form.city} onChange={field('city')} />
        <label htmlFor="brief">{t('accounts.brief')}</label>
        <textarea id="brief" value={form.userBrief} onChange={field('userBrief')} maxLength={200} />
        <label htmlFor="professions">{t('accounts.professions')}</label>
        <input id="professions" type="text" value={form.professions} onChange={field('professions')} />
        <div>
          <button type="submit" className={`${pill} ${primary}`} style={{ marginTop: 16 }} data-testid="save-profile">
            {t('accounts.save')}
          </button>
        </div>
        {msg ? <div className="msg" role="status">{msg}</div> : null}
      </form>
      <h3>{t('accounts.phoneTitle')}</h3>
      <p>
        {info.phone ? (
          t('accounts.phoneBound', { phone: info.phone })
        ) : (
          <button type="button" className={pill} onClick={() => void session.openLogin?.({ page: 'bindphone', bindInfo: { nick: info.nick, avatar: info.avatar } })}>
            {t('accounts.phoneBind')}
          </button>
        )}
      </p>
      <WechatBinding info={info} />
      <h3>{t('accounts.passwordTitle')}</h3>
      <form onSubmit={changePassword} style={{ display: 'grid', maxWidth: 420 }}>
        {info.hasPassword ? <input type="password" placeholder={t('accounts.oldPassword')} value={pw.oldPassword} onChange={(e) => setPw({ ...pw, oldPassword: e.target.value })} autoComplete="current-password" /> : null}
        <input type="password" placeholder={t('accounts.newPassword')} value={pw.password} onChange={(e) => setPw({ ...pw, password: e.target.value })} autoComplete="new-password" style={{ marginTop: 8 }} />
        <input type="password" placeholder={t('accounts.passwordConfirm')} value={pw.passwordConfirm} onChange={(e) => setPw({ ...pw, passwordConfirm: e.target.value })} autoComplete="new-password" style={{ marginTop: 8 }} />
        <div>
          <button type="submit" className={pill} style={{ marginTop: 12 }}>
            {t('accounts.save')}
          </button>
        </div>
        {pwMsg ? <div className="msg" role="status">{pwMsg}</div> : null}
      </form>
      <PriceColoursChoice />
    </>
  )
}

const swatches = css`
  display: inline-flex;
  gap: 2px;
  font-size: 12px;
  [data-hue='red'] {
    color: ${tokens.red};
  }
  [data-hue='green'] {
    color: ${tokens.green};
  }
`
const confirmPanel = css`
  width: 360px;
  max-width: calc(100vw - 32px);
  padding: 24px;
  border-radius: ${tokens.radius};
  background: ${tokens.card};
  h3 { margin: 0 0 8px; font-size: 18px; }
  p { margin: 0 0 20px; color: ${tokens.textSecondary}; line-height: 1.6; }
  div { display: flex; justify-content: flex-end; gap: 12px; }
`
const hint = css`
  margin: 8px 0 0;
  color: ${tokens.textMuted};
  font-size: 12px;
`

/**
 * Issue 25: WeChat unbind (spec 001 §7 GET /api/weChat/unbind). 解绑微信 asks first in a dialog; the
 * call carries our CSRF token like every call of the HTTP port (the server refuses the GET without it);
 * the result is said under it, and the bound state is the server's login info read again.
 */
function WechatBinding({ info }: { info: api.LoginInfo }) {
  const calls = useAccountsApi()
  const session = useSession()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<string | null>(null)
  const unbind = async () => {
    setBusy(true)
    try {
      const next = await calls.unbindWechat()
      session.actor.send({ type: 'info.update', info: next })
      setResult(t('accounts.wechatUnbindDone'))
    } catch (err) {
      setResult(normaliseError(err).message)
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }
  return (
    <>
      <h3>{t('accounts.wechatTitle')}</h3>
      <p data-testid="wechat-binding">
        {info.wechatBound ? t('accounts.wechatBound') : t('accounts.wechatUnbound')}{' '}
        {info.wechatBound ? (
          <button type="button" className={pill} onClick={() => setAsking(true)} data-testid="wechat-unbind">
            {t('accounts.wechatUnbindButton')}
          </button>
        ) : null}
      </p>
      {result ? <div className="msg" role="status" data-testid="wechat-unbind-result">{result}</div> : null}
      {asking ? (
        <Modal labelledBy="wechat-unbind-title" onEscape={() => setAsking(false)} className={confirmPanel} testId="wechat-unbind-dialog">
          <h3 id="wechat-unbind-title">{t('accounts.wechatUnbindButton')}</h3>
          <p>{t('accounts.wechatUnbindConfirm')}</p>
          <div>
            <button type="button" className={pill} onClick={() => setAsking(false)} disabled={busy}>
              {t('accounts.wechatUnbindCancel')}
            </button>
            <button type="button" className={`${pill} ${primary}`} onClick={() => void unbind()} disabled={busy}>
              {t('accounts.wechatUnbindOk')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  )
}

/**
 * Issue 24: red-up (the Chinese convention, the default) or green-up. The choice takes effect at once
 * (ui/styles/price-colours.ts: the attribute of <html> and the charts) and is kept in a cookie; each
 * option shows its own two hues whatever is chosen now.
 */
function PriceColoursChoice() {
  const { priceColours } = useServices()
  const scheme = usePriceColours()
  return (
    <>
      <h3>{t('accounts.priceColoursTitle')}</h3>
      <fieldset className={choiceGroup} data-testid="price-colours">
        <legend>{t('accounts.priceColoursLabel')}</legend>
        {COLOUR_SCHEMES.map((s) => (
          <label key={s} data-testid={`price-colours-${s}`}>
            <input type="radio" name="price-colours" value={s} checked={s === scheme} onChange={() => priceColours.choose(s)} />
            <span className={swatches} aria-hidden="true">
              <span data-hue={s === 'redUp' ? 'red' : 'green'}>▲</span>
              <span data-hue={s === 'redUp' ? 'green' : 'red'}>▼</span>
            </span>
            {t(`accounts.priceColours.${s}`)}
          </label>
        ))}
      </fieldset>
      <p className={hint}>{t('accounts.priceColoursHint')}</p>
    </>
  )
}

function UserRow({ user }: { user: api.PublicUser }) {
  return (
    <li style={{ display: 'flex', gap: 10, alignItems: 'center', padding: '10px 0', borderBottom: `1px solid ${tokens.border}` }}>
      <Link href={`/user/${user.id}`} style={{ color: tokens.text, textDecoration: 'none' }}>
        <strong>{user.nick}</strong>
      </Link>
      <span style={{ color: tokens.textMuted, fontSize: 12 }}>{user.brief || t('accounts.noBio')}</span>
      <span style={{ marginLeft: 'auto' }}>
        <FollowButton userId={user.id} initial={user.isFollow} />
      </span>
    </li>
  )
}

export function FriendsPage({ side }: { side: 'followers' | 'followings' }) {
  return <My>{() => <FriendList side={side} />}</My>
}

/** spec 000 §9: followers and followings 50 a page; 加载更多 adds the next page below (one user listed once). */
function FriendList({ side }: { side: 'followers' | 'followings' }) {
  const calls = useAccountsApi()
  const userId = useSession().user?.id ?? null
  const friends = usePages(forReader(calls.friends(side), userId))
  const loaded = friends.status !== 'loading' && friends.status !== 'failed'
  return (
    <>
      <h2>{side === 'followers' ? t('accounts.followers') : t('accounts.following')}</h2>
      {friends.status === 'empty' || friends.status === 'failed' ? <p style={{ color: tokens.textMuted }}>{side === 'followers' ? t('accounts.emptyFollowers') : t('accounts.emptyFollowing')}</p> : null}
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {friends.items.map((u) => (
          <UserRow key={u.id} user={u} />
        ))}
      </ul>
      {loaded && friends.hasMore ? (
        <button type="button" className={pill} disabled={friends.status === 'more'} onClick={friends.more}>
          {friends.status === 'more' ? t('common.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </>
  )
}
