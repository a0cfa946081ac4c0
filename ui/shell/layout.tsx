// spec 000 §2 'Layouts': default, details, my, protocol, empty. The details layout is for
// article, news and live detail pages, where the logo is a second-level heading.
import type { ReactNode } from 'react'
import { css } from '@linaria/core'
import { Header } from './header'
import { Footer } from './footer'
import { DemoBanner } from './demo-banner'
import { tokens } from '../styles/tokens'
import { t } from '../i18n/i18n'

// 'chatroom': the default layout without the footer (spec 000 §2: hidden on chatroom pages)
export type LayoutName = 'default' | 'details' | 'my' | 'protocol' | 'empty' | 'chatroom'

const main = css`
  max-width: ${tokens.pageWidth};
  /* the footer starts below the fold: a page whose content arrives late grows above the footer's
     first place, never moves it in view (it was the largest layout shift of /market) */
  min-height: calc(100vh - 60px);
  margin: 0 auto;
  padding: 20px 16px 0;
`
const detailsMain = css`
  max-width: ${tokens.pageWidth};
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

// spec 000 §2: the protocol layout hides header and footer at widths of 750 px or less
const protocolChrome = css`
  @media (max-width: 750px) {
    display: none;
  }
`

export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  if (name === 'empty')
    return (
      <>
        <DemoBanner />
        <main id={MAIN_ID} tabIndex={-1}>{children}</main>
      </>
    )
  const header = <Header logoLevel={name === 'details' ? 2 : 1} />
  return (
    <>
      <a href={`#${MAIN_ID}`} className={skipLink} data-testid="skip-link">
        {t('nav.skipToContent')}
      </a>
      <DemoBanner />
      {name === 'protocol' ? <div className={protocolChrome}>{header}</div> : header}
      <main id={MAIN_ID} tabIndex={-1} className={`${main} ${name === 'details' ? detailsMain : ''}`}>{children}</main>
      {name === 'protocol' ? (
        <div className={protocolChrome}>
          <Footer />
        </div>
      ) : name === 'chatroom' ? null : (
        <Footer />
      )}
    </>
  )
}
