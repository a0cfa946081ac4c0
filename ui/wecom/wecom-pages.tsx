// The WeCom pages (spec 001 §2 'Other': /wecom/mine (client, group, group/{gid}), /wecom/user-guidance),
// in the WeCom layout. /wecom/mine is the enterprise-messenger address book of a company member: the
// clients they added and their customer groups, read from WeCom through the server. A guest or a
// reader without a member signs in (or binds) with WeCom: core/wecom/wecom-sign-in.machine.ts, which
// also spends the code WeCom's redirect brings back (?wwcode=).
import '../i18n/texts/wecom'
import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { Link, useLocation, useSearch } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import type { WecomClient, WecomGroupDetail, WecomGroupMember, WecomGroupSummary, WecomMember } from '../../core/api/wecom'
import { formatDate } from '../../core/format/date-time'
import { WECOM_CLIENTS, WECOM_CODE_PARAM, WECOM_GROUPS, WECOM_GUIDANCE, WECOM_HOME, wecomGroupPath, wecomLoginKind } from '../../core/wecom/wecom'
import type { wecomSignInMachine } from '../../core/wecom/wecom-sign-in.machine'
import { usePageTitle } from '../common/page-title'
import { useSession, useSessionActor } from '../common/session'
import { Empty, Failed, Loading } from '../common/status'
import { useInvalidate, useRead } from '../common/use-read'
import { t, type TranslationKey } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { useWecomApi } from './api'
import * as s from './styles'

type SignInActor = ActorRefFrom<typeof wecomSignInMachine>
export type WecomView = { tab: 'client' } | { tab: 'group' } | { tab: 'group'; gid: string }

const initial = (name: string) => Array.from(name.trim())[0] ?? '?'

/** The page's sign-in machine: started with the code WeCom's redirect brought back, if any. */
function useSignIn(): SignInActor {
  const api = useWecomApi()
  const session = useSessionActor()
  const invalidate = useInvalidate()
  const [path, navigate] = useLocation()
  const search = useSearch()
  const code = new URLSearchParams(search).get(WECOM_CODE_PARAM)
  const machine = useMemo(
    () =>
      api.signIn(path).provide({
        actions: {
          goTo: (_, params: { url: string }) => window.location.assign(params.url),
          signedIn: () => {
            invalidate('wxwork.') // a bind keeps the reader: their address book is read again
            session.send({ type: 'session.check' })
            navigate(path, { replace: true }) // the code is spent: off the address bar
          },
        },
      }),
    [api, session, invalidate, navigate, path],
  )
  const kind = typeof navigator === 'undefined' ? 'sso' : wecomLoginKind(navigator.userAgent)
  return useActorRef(machine, { input: { code, kind }, inspect })
}

function SignInButton({ actor, label }: { actor: SignInActor; label: TranslationKey }) {
  const busy = useSelector(actor, (st) => st.matches('starting') || st.matches('leaving'))
  return (
    <button type="button" className={`${pill} ${primary} ${s.bigButton}`} disabled={busy} onClick={() => actor.send({ type: 'signIn.start' })} data-testid="wecom-sign-in">
      {busy ? t('wecom.signIn.starting') : t(label)}
    </button>
  )
}

function SignInError({ actor }: { actor: SignInActor }) {
  const error = useSelector(actor, (st) => (st.matches('failed') ? st.context.error : null))
  return error ? (
    <p className={s.errorText} role="alert">
      {error}
    </p>
  ) : null
}

/** A guest: sign in with WeCom, or sign in to the site first to bind. */
function GuestPanel({ actor }: { actor: SignInActor }) {
  const session = useSession()
  return (
    <section className={`${s.panel} ${s.centered}`} data-testid="wecom-guest">
      <h2>{t('wecom.signIn.guestTitle')}</h2>
      <p>{t('wecom.signIn.guestHint')}</p>
      <SignInError actor={actor} />
      <div className={s.actions}>
        <SignInButton actor={actor} label="wecom.signIn.button" />
        <button type="button" className={`${pill} ${s.bigButton}`} onClick={() => void session.openLogin()}>
          {t('wecom.signIn.haveAccount')}
        </button>
      </div>
    </section>
  )
}

/** A reader whose account has no member: bind one. */
function BindPanel({ actor }: { actor: SignInActor }) {
  return (
    <section className={`${s.panel} ${s.centered}`} data-testid="wecom-bind">
      <h2>{t('wecom.signIn.bindTitle')}</h2>
      <p>{t('wecom.signIn.bindHint')}</p>
      <SignInError actor={actor} />
      <div className={s.actions}>
        <SignInButton actor={actor} label="wecom.signIn.bindButton" />
        <Link href={WECOM_GUIDANCE} className={`${pill} ${s.bigButton}`} style={{ display: 'inline-flex', alignItems: 'center' }}>
          {t('wecom.nav.guidance')}
        </Link>
      </div>
    </section>
  )
}

function SideNav({ member, corpName, current }: { member: WecomMember | null; corpName: string | null; current: 'client' | 'group' | 'guidance' }) {
  const link = (href: string, key: typeof current, label: TranslationKey) => (
    <Link href={href} aria-current={current === key ? 'page' : undefined}>
      {t(label)}
    </Link>
  )
  return (
    <aside className={s.side}>
      <h1>{t('wecom.title')}</h1>
      {member ? (
        <div className={s.memberCard} data-testid="wecom-member">
          <span className={s.avatar} aria-hidden="true">
            {initial(member.name)}
          </span>
          <div>
            <p>
              <strong>{member.name}</strong>
            </p>
            <p>{[member.position, corpName].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
      ) : null}
      <nav aria-label={t('wecom.nav.label')}>
        {link(WECOM_CLIENTS, 'client', 'wecom.nav.clients')}
        {link(WECOM_GROUPS, 'group', 'wecom.nav.groups')}
        {link(WECOM_GUIDANCE, 'guidance', 'wecom.nav.guidance')}
      </nav>
    </aside>
  )
}

function ClientItem({ c }: { c: WecomClient }) {
  return (
    <li data-testid="wecom-client">
      <span className={`${s.avatar} ${s.clientAvatar}`} aria-hidden="true">
        {initial(c.name)}
      </span>
      <div>
        <p className={s.nameLine}>
          <strong>{c.name}</strong>
          {c.kind === 'wecom' && c.corpName ? <span className={`${s.badge} ${s.corpBadge}`}>@{c.corpName}</span> : <span className={s.badge}>{t('wecom.clients.wechat')}</span>}
        </p>
        {c.remark ? (
          <p className={s.muted}>
            {t('wecom.clients.remark')}：{c.remark}
          </p>
        ) : null}
        {c.description ? <p>{c.description}</p> : null}
        <p>
          {c.tags.map((tag) => (
            <span key={tag} className={s.tag}>
              {tag}
            </span>
          ))}
        </p>
      </div>
      <span className={s.muted}>{t('wecom.clients.addedAt', { date: formatDate(c.addedAt) })}</span>
    </li>
  )
}

function Clients({ userId }: { userId: number }) {
  const read = useRead(useWecomApi().clients(userId))
  if (read.status === 'loading') return <Loading rows={3} />
  if (read.status === 'failed') return <Failed message={read.message} onRetry={read.reload} />
  const list = read.data.list
  return (
    <section className={s.panel} aria-labelledby="wecom-clients-title">
      <h2 id="wecom-clients-title">{t('wecom.clients.title')}</h2>
      <p className={s.muted}>{t('wecom.clients.count', { n: list.length })}</p>
      {list.length === 0 ? (
        <Empty text={t('wecom.clients.empty')} />
      ) : (
        <ul className={s.list}>
          {list.map((c) => (
            <ClientItem key={c.externalUserId} c={c} />
          ))}
        </ul>
      )}
    </section>
  )
}

function GroupItem({ g }: { g: WecomGroupSummary }) {
  return (
    <li data-testid="wecom-group">
      <span className={s.avatar} aria-hidden="true">
        {initial(g.name)}
      </span>
      <div>
        <p className={s.nameLine}>
          <strong>{g.name}</strong>
        </p>
        <p className={s.muted}>
          {t('wecom.groups.owner', { name: g.ownerName })} · {t('wecom.groups.members', { n: g.memberCount })} · {t('wecom.groups.clients', { n: g.clientCount })}
        </p>
        <p className={s.muted}>{t('wecom.groups.createdAt', { date: formatDate(g.createdAt) })}</p>
      </div>
      <Link href={wecomGroupPath(g.chatId)} className={s.groupLink} aria-label={`${t('wecom.groups.open')}：${g.name}`}>
        {t('wecom.groups.open')}
      </Link>
    </li>
  )
}

function Groups({ userId }: { userId: number }) {
  const read = useRead(useWecomApi().groups(userId))
  if (read.status === 'loading') return <Loading rows={3} />
  if (read.status === 'failed') return <Failed message={read.message} onRetry={read.reload} />
  const list = read.data.list
  return (
    <section className={s.panel} aria-labelledby="wecom-groups-title">
      <h2 id="wecom-groups-title">{t('wecom.groups.title')}</h2>
      <p className={s.muted}>{t('wecom.groups.count', { n: list.length })}</p>
      {list.length === 0 ? (
        <Empty text={t('wecom.groups.empty')} />
      ) : (
        <ul className={s.list}>
          {list.map((g) => (
            <GroupItem key={g.chatId} g={g} />
          ))}
        </ul>
      )}
    </section>
  )
}

function MemberItem({ m }: { m: WecomGroupMember }) {
  return (
    <li data-testid="wecom-group-member">
      <span className={`${s.avatar} ${m.kind === 'client' ? s.clientAvatar : ''}`} aria-hidden="true">
        {initial(m.name)}
      </span>
      <div>
        <p className={s.nameLine}>
          <strong>{m.name}</strong>
          {m.role !== 'member' ? <span className={`${s.badge} ${s.roleBadge}`}>{t(`wecom.group.role.${m.role}`)}</span> : null}
          <span className={`${s.badge} ${m.kind === 'member' ? s.corpBadge : ''}`}>{t(`wecom.group.kind.${m.kind}`)}</span>
        </p>
        <p className={s.muted}>
          {t('wecom.group.joinedAt', { date: formatDate(m.joinedAt) })} · {t(`wecom.group.scene.${m.joinScene}`)}
        </p>
      </div>
    </li>
  )
}

function GroupDetail({ userId, gid }: { userId: number; gid: string }) {
  const read = useRead(useWecomApi().group(userId, gid))
  if (read.status === 'loading') return <Loading rows={3} />
  if (read.status === 'failed') return <Failed message={read.message} onRetry={read.reload} />
  const g: WecomGroupDetail = read.data
  return (
    <section className={s.panel} aria-labelledby="wecom-group-title">
      <p>
        <Link href={WECOM_GROUPS}>← {t('wecom.group.back')}</Link>
      </p>
      <h2 id="wecom-group-title">{g.name}</h2>
      <p className={s.muted}>
        {t('wecom.groups.owner', { name: g.ownerName })} · {t('wecom.groups.createdAt', { date: formatDate(g.createdAt) })}
      </p>
      <div className={s.notice}>
        <h3>{t('wecom.group.notice')}</h3>
        <p>{g.notice || t('wecom.group.noNotice')}</p>
      </div>
      <h3>{t('wecom.group.membersTitle', { n: g.members.length })}</h3>
      <ul className={s.list}>
        {g.members.map((m) => (
          <MemberItem key={m.userid} m={m} />
        ))}
      </ul>
    </section>
  )
}

/** A signed-in reader: their member and the address book, or the panel to bind one. */
function MemberArea({ userId, view, actor }: { userId: number; view: WecomView; actor: SignInActor }) {
  const mine = useRead(useWecomApi().mine(userId))
  const current = view.tab
  if (mine.status === 'loading') return <Loading rows={3} />
  if (mine.status === 'failed') return <Failed message={mine.message} onRetry={mine.reload} />
  const { member, corpName } = mine.data
  return (
    <div className={s.shell}>
      <SideNav member={member} corpName={corpName} current={current} />
      {member === null ? (
        <BindPanel actor={actor} />
      ) : view.tab === 'client' ? (
        <Clients userId={userId} />
      ) : 'gid' in view ? (
        <GroupDetail userId={userId} gid={view.gid} />
      ) : (
        <Groups userId={userId} />
      )}
    </div>
  )
}

function Busy({ text }: { text: TranslationKey }) {
  return (
    <section className={`${s.panel} ${s.centered}`} role="status" data-testid="wecom-busy">
      <h2>{t(text)}</h2>
    </section>
  )
}

/** /wecom/mine, /wecom/mine/client, /wecom/mine/group, /wecom/mine/group/{gid} */
export function WecomMinePage({ view }: { view: WecomView }) {
  usePageTitle(t('wecom.title'))
  const session = useSession()
  const actor = useSignIn()
  const spending = useSelector(actor, (st) => st.matches('spendingCode'))
  if (spending) return <Busy text="wecom.signIn.spending" />
  if (session.checking) return <Loading rows={3} />
  if (!session.user) {
    return (
      <div className={s.shell}>
        <SideNav member={null} corpName={null} current={view.tab} />
        <GuestPanel actor={actor} />
      </div>
    )
  }
  return <MemberArea userId={session.user.id} view={view} actor={actor} />
}

/** /wecom/user-guidance: how the address book is used. */
export function WecomGuidancePage() {
  usePageTitle(t('wecom.guidance.title'))
  const stepKeys = ['a', 'b', 'c', 'd'] as const
  const faqKeys = ['a', 'b', 'c'] as const
  return (
    <div className={s.shell}>
      <SideNav member={null} corpName={null} current="guidance" />
      <article className={s.panel}>
        <h2>{t('wecom.guidance.title')}</h2>
        <p>{t('wecom.guidance.intro')}</p>
        <ol className={s.steps}>
          {stepKeys.map((k) => (
            <li key={k}>
              <div>
                <h3>{t(`wecom.guidance.steps.${k}.title`)}</h3>
                <p>{t(`wecom.guidance.steps.${k}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <section className={s.section} aria-labelledby="wecom-privacy">
          <h2 id="wecom-privacy">{t('wecom.guidance.privacyTitle')}</h2>
          <p>{t('wecom.guidance.privacy')}</p>
        </section>
        <section className={s.section} aria-labelledby="wecom-faq">
          <h2 id="wecom-faq">{t('wecom.guidance.faqTitle')}</h2>
          <dl>
            {faqKeys.map((k) => (
              <div key={k}>
                <dt>{t(`wecom.guidance.faq.${k}.q`)}</dt>
                <dd>{t(`wecom.guidance.faq.${k}.a`)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <p style={{ marginTop: 24 }}>
          <Link href={WECOM_HOME} className={`${pill} ${primary} ${s.bigButton}`} style={{ display: 'inline-flex', alignItems: 'center' }}>
            {t('wecom.guidance.goMine')}
          </Link>
        </p>
      </article>
    </div>
  )
}
