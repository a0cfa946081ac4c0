// A user's homepage /user/{id} with its {type} tabs (spec 000 §2 'Personal area': /user/{id?} with child
// {type}): posts, articles, follows and fans, each a paged list; the counts with the fans by the k rule
// (spec 000 §9, core/format/big-number.ts formatFans). /user without an id is the reader's own page;
// guests get the not-logged-in panel there. Pinned (top) and essence posts are marked (spec 000 §4).
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { PublicUser } from '../../core/api/accounts'
import type { Dynamic } from '../../core/api/interaction'
import type { PageAnswer } from '../common/use-read'
import { formatFans } from '../../core/format/big-number'
import { formatDateTime } from '../../core/format/date-time'
import { NotLoggedIn } from '../common/my-layout'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Loading } from '../common/status'
import { ListFooter } from '../content/article-list'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useUserApi, type UserApi } from './api'
import '../i18n/texts/user'
import '../i18n/texts/community'
import { forReader, usePages, useRead } from '../common/use-read'
import { FollowButton } from '../common/follow-button'

export const USER_TABS = ['posts', 'articles', 'follows', 'fans'] as const
export type UserTab = (typeof USER_TABS)[number]
const isTab = (s: string): s is UserTab => (USER_TABS as readonly string[]).includes(s)

const page = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  .head { display: flex; gap: 20px; align-items: center; background: ${tokens.card}; border-radius: 8px; padding: 24px; }
  .avatar { width: 72px; height: 72px; border-radius: 36px; background: ${tokens.brand}; color: ${tokens.onBrand}; display: inline-flex; align-items: center; justify-content: center; font-size: 28px; overflow: hidden; flex: none; }
  .avatar img { width: 72px; height: 72px; object-fit: cover; }
  .who { flex: 1; min-width: 0; }
  h1 { margin: 0 0 6px; font-size: 22px; word-break: break-word; }
  .brief { margin: 0; color: ${tokens.textSecondary}; word-break: break-word; }
  .counts { display: flex; gap: 24px; margin: 0; padding: 0; list-style: none; text-align: center; }
  .counts b { display: block; font-size: 18px; }
  .counts span { font-size: 12px; color: ${tokens.textMuted}; }
  .body { background: ${tokens.card}; border-radius: 8px; padding: 8px 24px 24px; }
  nav { display: flex; gap: 28px; border-bottom: 1px solid ${tokens.border}; }
  nav a { padding: 14px 0 12px; color: ${tokens.textSecondary}; text-decoration: none; border-bottom: 2px solid transparent; }
  nav a[aria-current='page'] { color: ${tokens.text}; font-weight: 600; border-bottom-color: ${tokens.brand}; }
  ul.items { list-style: none; margin: 0; padding: 0; }
  ul.items > li { padding: 14px 0; border-bottom: 1px solid ${tokens.border}; }
  ul.items a { color: ${tokens.text}; font-weight: 600; text-decoration: none; word-break: break-word; }
  ul.items a:hover { color: ${tokens.brand}; }
  ul.items p { margin: 4px 0 0; color: ${tokens.textSecondary}; font-size: 14px; line-height: 1.6; white-space: pre-wrap; word-break: break-word; }
  .meta { display: flex; gap: 10px; margin-top: 6px; color: ${tokens.textMuted}; font-size: 12px; }
  .mark { padding: 0 6px; border-radius: 4px; background: ${tokens.warnBg}; color: ${tokens.warn}; font-size: 12px; }
  .person { display: flex; gap: 12px; align-items: center; }
  .person .brief { font-size: 12px; flex: 1; min-width: 0; }
  .empty { padding: 40px 0; text-align: center; color: ${tokens.textMuted}; }
`

const excerpt = (s: string, n: number) => (Array.from(s).length > n ? `${Array.from(s).slice(0, n).join('')}…` : s)

function UserFollowButton({ user }: { user: PublicUser }) {
  const session = useSession()
  return <FollowButton key={`${user.id}:${session.user?.id ?? 0}:${String(user.isFollow)}`} userId={user.id} initial={user.isFollow} />
}

function Head({ user }: { user: PublicUser }) {
  return (
    <section className="head">
      <span className="avatar">{user.avatar ? <img src={user.avatar} alt="" /> : Array.from(user.nick)[0]}</span>
      <div className="who">
        <h1>{user.nick}</h1>
        <p className="brief">{user.brief || t('user.noBio')}</p>
      </div>
      <ul className="counts">
        <li data-testid="count-fans">
          <b>{formatFans(user.userCount.fans)}</b>
          <span>{t('user.count.fans')}</span>
        </li>
        <li data-testid="count-follows">
          <b>{user.userCount.follow}</b>
          <span>{t('user.count.follows')}</span>
        </li>
        <li data-testid="count-posts">
          <b>{user.userCount.post}</b>
          <span>{t('user.count.posts')}</span>
        </li>
      </ul>
      <UserFollowButton user={user} />
    </section>
  )
}

function Paged<T>({ label, empty, load, keyOf, render }: { label: string; empty: string; load: (req: { page: number; last: T | null }) => Promise<PageAnswer<T>>; keyOf: (item: T) => number; render: (item: T) => ReactNode }) {
  const paged = usePages<T>({ key: { endpoint: 'user.list', query: { label } }, loadPage: (at) => load(at), keyOf })
  if (paged.status === 'empty') return <p className="empty">{empty}</p>
  return (
    <>
      <ul className="items" aria-label={label}>
        {paged.items.map((item) => (
          <li key={keyOf(item)}>{render(item)}</li>
        ))}
      </ul>
      <ListFooter list={paged} />
    </>
  )
}

function PostItem({ item }: { item: Dynamic }) {
  return (
    <>
      <Link href={`/p/${item.id}`}>{item.title || excerpt(item.content, 60)}</Link>
      {item.title ? <p>{excerpt(item.content, 120)}</p> : null}
      <div className="meta">
        {item.top ? <span className="mark">{t('user.pinned')}</span> : null}
        {item.essence ? <span className="mark">{t('user.essence')}</span> : null}
        <time>{formatDateTime(item.createTimestamp)}</time>
        <span>{t('community.likes', { n: item.likeCount })}</span>
        <span>{t('community.comments', { n: item.commentCount })}</span>
      </div>
    </>
  )
}

function PersonItem({ person }: { person: PublicUser }) {
  return (
    <div className="person">
      <Link href={`/user/${person.id}`}>{person.nick}</Link>
      <span className="brief">{person.brief || t('user.noBio')}</span>
      <UserFollowButton user={person} />
    </div>
  )
}

function TabBody({ api, userId, tab }: { api: UserApi; userId: number; tab: UserTab }) {
  switch (tab) {
    case 'posts':
    case 'articles':
      return (
        <Paged<Dynamic>
          label={t(`user.tabs.${tab}`)}
          empty={t(`user.empty.${tab}`)}
          load={({ last }) => api.dynamics(userId, tab === 'articles', last ? last.createTimestamp : undefined)}
          keyOf={(d) => d.id}
          render={(d) => <PostItem item={d} />}
        />
      )
    case 'follows':
    case 'fans':
      return <Paged<PublicUser> label={t(`user.tabs.${tab}`)} empty={t(`user.empty.${tab}`)} load={({ page }) => api.friends(tab, userId, page)} keyOf={(u) => u.id} render={(u) => <PersonItem person={u} />} />
  }
}

export function UserHomePage({ id, type }: { id: number; type: string | undefined }) {
  const api = useUserApi()
  const session = useSession()
  const tab = type === undefined ? 'posts' : type
  const user = useRead(forReader({ key: { endpoint: 'user.detail', params: { id } }, load: () => api.user(id) }, session.user?.id ?? null))
  usePageTitle(user.status === 'ready' ? user.data.nick : null)
  if (!Number.isInteger(id) || id <= 0 || !isTab(tab) || user.status === 'failed') return <p style={{ padding: 40, textAlign: 'center' }}>{t('user.notFound')}</p>
  if (user.status === 'loading') return <Loading />
  return (
    <div className={page}>
      <Head user={user.data} />
      <div className="body">
        <nav aria-label={t('user.tabs.label')}>
          {USER_TABS.map((k) => (
            <Link key={k} href={k === 'posts' ? `/user/${id}` : `/user/${id}/${k}`} aria-current={k === tab ? 'page' : undefined}>
              {t(`user.tabs.${k}`)}
            </Link>
          ))}
        </nav>
        <TabBody key={tab} api={api} userId={id} tab={tab} />
      </div>
    </div>
  )
}

/** /user: the reader's own homepage; guests get the not-logged-in panel (spec 000 §2). */
export function MyHomePage() {
  const session = useSession()
  if (session.checking) return null
  if (!session.user) return <NotLoggedIn />
  return <UserHomePage id={session.user.id} type={undefined} />
}
