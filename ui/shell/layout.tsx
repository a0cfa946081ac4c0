// spec 000 §2 'Layouts': default, details, my, protocol, empty. The details layout is for
// article, news and live detail pages, where the logo is a second-level heading.
import type { ReactNode } from 'react'
import { css } from '@linaria/core'
import { Header } from './header'
import { Footer } from './footer'
import { tokens } from '../styles/tokens'

export type LayoutName = 'default' | 'details' | 'my' | 'protocol' | 'empty'

const main = css`
  max-width: ${tokens.pageWidth};
  min-height: calc(100vh - 60px - 160px);
  margin: 0 auto;
  padding: 20px 16px 0;
`
const detailsMain = css`
  max-width: ${tokens.pageWidth};
`
// spec 000 §2: the protocol layout hides header and footer at widths of 750 px or less
const protocolChrome = css`
  @media (max-width: 750px) {
    display: none;
  }
`

export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  if (name === 'empty') return <main>{children}</main>
  const header = <Header logoLevel={name === 'details' ? 2 : 1} />
  return (
    <>
      {name === 'protocol' ? <div className={protocolChrome}>{header}</div> : header}
      <main className={`${main} ${name === 'details' ? detailsMain : ''}`}>{children}</main>
      {name === 'protocol' ? (
        <div className={protocolChrome}>
          <Footer />
        </div>
      ) : (
        <Footer />
      )}
    </>
  )
}
