// spec 000 §2 'Layouts': activity, default, details, chat, my, user, member, protocol, privilege, empty,
// none and the grey-background variant: twelve names, each a row of LAYOUT_PARTS below; and spec 001 §2's
// enterprise-messenger (WeCom) layout. The details
// layout is for article, news and live detail pages, where the logo is a second-level heading.
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { Header } from './header'
import { Footer } from './footer'
import { DemoBanner } from './demo-banner'
import { tokens } from '../styles/tokens'
import { t } from '../i18n/i18n'

export type LayoutName =
  | 'activity'
  | 'default'
  | 'details'
  | 'chat'
  | 'my'
  | 'user'
  | 'member'
  | 'protocol'
  | 'privilege'
  | 'empty'
  | 'none'
  | 'greyBackground'
  | 'wecom'

/** What a layout puts around a page. */
export interface LayoutParts {
  /** the site header: full (h1 or h2 logo), the activity's brand bar, or none */
  header: 'h1' | 'h2' | 'brand' | null
  footer: boolean
  /** the page width: the spec's 1200 px, or the whole window (banners of member and activity pages) */
  width: 'page' | 'full'
  /** the page's own background: the site's (tokens.bg), or the card's (tokens.card) */
  background: 'site' | 'card'
  /** header and footer hidden at ≤ 750 px (spec 000 §2: the protocol layout) */
  narrowHidesChrome: boolean
  skipLink: boolean
}

const P = (header: LayoutParts['header'], footer: boolean, width: LayoutParts['width'], background: LayoutParts['background'], narrowHidesChrome = false): LayoutParts => ({
  header,
  footer,
  width,
  background,
  narrowHidesChrome,
  skipLink: header !== null,
})

export const LAYOUT_PARTS: Record<LayoutName, LayoutParts> = {
  activity: P('brand', true, 'full', 'card'),
  default: P('h1', true, 'page', 'site'),
  details: P('h2', true, 'page', 'site'),
  // the chat window fills the page; a conversation has no footer under it
  chat: P('h1', false, 'page', 'site'),
  my: P('h1', true, 'page', 'site'),
  user: P('h1', true, 'page', 'site'),
  member: P('h1', true, 'full', 'card'),
  protocol: P('h1', true, 'page', 'card', true),
  privilege: P('h1', true, 'full', 'card'),
  empty: P(null, false, 'page', 'site'),
  none: P(null, false, 'full', 'card'),
  greyBackground: P('h1', true, 'page', 'site'),
  // spec 001 §2: the WeCom pages (often opened inside WeCom's own browser): the brand bar, no site
  // navigation and no footer; the pages draw their own address-book navigation
  wecom: P('brand', false, 'page', 'site'),
}

/** spec 000 §2: the default layout hides the footer on chatroom pages (/chatroom, /chatroom/{id}, /chiefChatroom). */
export function isChatroomPath(path: string): boolean {
  return /^\/(chatroom|chiefChatroom)(\/|$)/.test(path)
}

/** The parts of a layout at a path (the chatroom rule is the default layout's). */
export function layoutParts(name: LayoutName, path: string): LayoutParts {
  const parts = LAYOUT_PARTS[name]
  return name === 'default' && isChatroomPath(path) ? { ...parts, footer: false } : parts
}

const main = css`
  max-width: ${tokens.pageWidth};
  /* the footer starts below the fold: a page whose content arrives late grows above the footer's
     first place, never moves it in view (it was the largest layout shift of /market) */
  min-height: calc(100vh - 60px);
  margin: 0 auto;
  padding: 20px 16px 0;
`
const fullMain = css`
  min-height: calc(100vh - 60px);
  margin: 0;
  padding: 0;
`
const whiteMain = css`
  background: ${tokens.card};
`
// issue 16: the first Tab stop of every page skips the header; out of sight until focused
const skipLink = css`
  position: absolute;
  left: 8px;
  top: -48px;
  z-index: 2000;
  padding: 8px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.link};
  color: ${tokens.onBrand};
  &:focus,
  &:focus-visible {
    top: 8px;
    color: ${tokens.onBrand};
  }
`
export const MAIN_ID = 'main-content'

/** spec 000 §2: the protocol layout hides header and footer at widths of 750 px or less. */
export const NARROW_MAX_WIDTH_PX = 750
export const narrowHidden = css`
  @media (max-width: ${NARROW_MAX_WIDTH_PX}px) {
    display: none;
  }
`

// the activity layout's bar: the brand only, no navigation (an activity is a page of its own)
const brandBar = css`
  background: ${tokens.card};
  border-bottom: 1px solid ${tokens.border};
  > div {
    max-width: ${tokens.pageWidth};
    margin: 0 auto;
    padding: 12px 16px;
  }
  p {
    margin: 0;
    font-size: 20px;
    font-weight: 700;
  }
  a {
    color: ${tokens.brand};
  }
`

function BrandBar() {
  return (
    <header className={brandBar}>
      <div>
        <p>
          <Link href="/">{t('site.name')}</Link>
        </p>
      </div>
    </header>
  )
}

export function Layout({ name, path = '', children }: { name: LayoutName; path?: string; children: ReactNode }) {
  const parts = layoutParts(name, path)
  const header = parts.header === 'brand' ? <BrandBar /> : parts.header ? <Header logoLevel={parts.header === 'h2' ? 2 : 1} /> : null
  const chrome = (node: ReactNode) => (parts.narrowHidesChrome ? <div className={narrowHidden} data-chrome="narrow-hidden">{node}</div> : node)
  const mainClass = [parts.width === 'page' ? main : fullMain, parts.background === 'card' ? whiteMain : ''].filter(Boolean).join(' ')
  return (
    <>
      {parts.skipLink ? (
        <a href={`#${MAIN_ID}`} className={skipLink} data-testid="skip-link">
          {t('nav.skipToContent')}
        </a>
      ) : null}
      {/* issue 24: a declared demo says so on every page, whatever the layout */}
      <DemoBanner />
      {header ? chrome(header) : null}
      <main id={MAIN_ID} tabIndex={-1} className={mainClass} data-layout={name}>
        {children}
      </main>
      {parts.footer ? chrome(<Footer />) : null}
    </>
  )
}
