// spec 000 §2 'Header navigation' and 'Header controls'.
import { Link, useLocation } from 'wouter'
import { css } from '@linaria/core'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { langToggleMachine } from '../../core/locale/lang-toggle.machine'
import { useServices } from '../services'
import { t, type TranslationKey } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { HeaderSearch } from '../search/header-search'
import { HeaderUser } from '../accounts/header-user'
import { PostAction } from '../posting/post-action'
import { Bell } from '../messages/bell'
import { pill } from '../styles/buttons'
import { liveRouteKind } from '../../core/live/route-kind'

const bar = css`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${tokens.card};
  border-bottom: 1px solid ${tokens.border};
`
const inner = css`
  max-width: ${tokens.pageWidth};
  height: 60px;
  margin: 0 auto;
  padding: 0 16px;
  display: flex;
  align-items: center;
  gap: 16px;
`
const logo = css`
  margin: 0;
  font-size: 22px;
  font-weight: 800;
  letter-spacing: 1px;
  a {
    display: flex;
    align-items: center;
    gap: 8px;
    color: ${tokens.brand};
  }
  a:hover {
    color: ${tokens.brandDark};
  }
`
const logoMark = css`
  display: inline-flex;
  width: 30px;
  height: 30px;
  border-radius: 8px;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  font-size: 17px;
  align-items: center;
  justify-content: center;
`
const nav = css`
  display: flex;
  gap: 2px;
  flex: 1;
  min-width: 0;
  /* narrower windows scroll the navigation rather than overlap the controls */
  overflow-x: auto;
  scrollbar-width: none;
  &::-webkit-scrollbar {
    display: none;
  }
  a {
    padding: 6px 7px;
    border-radius: 6px;
    color: ${tokens.text};
    font-size: 15px;
    white-space: nowrap;
  }
  a:hover {
    background: ${tokens.bg};
    color: ${tokens.brand};
  }
  a[aria-current='page'] {
    color: ${tokens.brand};
    font-weight: 600;
  }
`
const controls = css`
  display: flex;
  align-items: center;
  gap: 10px;
  flex-shrink: 0;
`

interface NavItem {
  key: TranslationKey
  href: string
  external?: boolean
}

// spec 000 §2: home, hotpost, live, news, depthRss, subject, column, market, chiefCircle (new tab), external data link
const NAV: NavItem[] = [
  { key: 'nav.home', href: '/' },
  { key: 'nav.hotpost', href: '/hotpost' },
  { key: 'nav.live', href: '/live' },
  { key: 'nav.news', href: '/news' },
  { key: 'nav.depthRss', href: '/depthRss' },
  { key: 'nav.subject', href: '/subject' },
  { key: 'nav.column', href: '/column' },
  { key: 'nav.market', href: '/market' },
  { key: 'nav.chiefCircle', href: '/chiefCircle', external: true },
]

function isCurrent(href: string, location: string): boolean {
  if (href === '/') return location === '/' || location.startsWith('/tag/')
  // /live/{id} is a news flash (the 快讯 section) or, from 1,000,000,000 up, a circle's live room (no nav section)
  if (href === '/live' && location.startsWith('/live/')) return liveRouteKind(Number(location.slice('/live/'.length))) === 'flash'
  return location === href || location.startsWith(`${href}/`)
}

export function Header({ logoLevel }: { logoLevel: 1 | 2 }) {
  const services = useServices()
  const [location] = useLocation()
  const langToggle = useActorRef(
    langToggleMachine.provide({
      actions: {
        persistAndReload: (_, { lang }) => {
          services.setLangCookie(lang)
          services.reload()
        },
      },
    }),
    { input: { current: services.lang }, inspect },
  )
  // idle, debouncing or switching: the e2e journey waits for a cancelled switch to settle on it
  const langState = useSelector(langToggle, (s) => String(s.value))
  const Logo = logoLevel === 1 ? 'h1' : 'h2'
  const config = services.config

  return (
    <header className={bar}>
      <div className={inner}>
        <Logo className={logo}>
          {/* named by its text (the mark is decoration): an aria-label that differs from what is seen
              fails WCAG 2.5.3 label-in-name */}
          <Link href="/">
            <span className={logoMark} aria-hidden="true">
              {t('site.mark')}
            </span>
            {t('site.name')}
          </Link>
        </Logo>
        <nav className={nav} aria-label={t('nav.mainLabel')}>
          {NAV.map((item) =>
            item.external ? (
              <a key={item.href} href={item.href} target="_blank" rel="noopener">
                {t(item.key)}
              </a>
            ) : (
              <Link key={item.href} href={item.href} aria-current={isCurrent(item.href, location) ? 'page' : undefined}>
                {t(item.key)}
              </Link>
            ),
          )}
          {config?.externalDataUrl ? (
            <a href={config.externalDataUrl} target="_blank" rel="noopener noreferrer">
              {t('nav.data')}
            </a>
          ) : null}
          {config?.vipDisplay ? (
            <Link href="/member" aria-current={isCurrent('/member', location) ? 'page' : undefined}>
              {t('nav.member')}
            </Link>
          ) : null}
        </nav>
        <div className={controls}>
          <HeaderSearch />
          <button
            type="button"
            className={pill}
            aria-label={t('header.langToggleLabel')}
            data-state={langState}
            onClick={() => langToggle.send({ type: 'lang.toggle' })}
          >
            {t('header.langToggle')}
          </button>
          <PostAction />
          <Bell />
          <HeaderUser />
        </div>
      </div>
    </header>
  )
}
