// The circle-admin console's page frame (issue 29; spec 001 §2 'Circle admin /circle-admin'): the left
// menu of the spec's sections (core/circle-admin/menu.ts) and the page beside it. Every console page
// renders inside it. A guest sees the log-in panel; a reader without an advisory certification sees why
// the console is closed — unless they administer a circle, which only the server knows: the frame lets
// them in and each call's 403 (core/circle-admin/access.ts, server/circle-admin/guard.ts) says no.
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { css } from '@linaria/core'
import { activeLink, CONSOLE_MENU, type ConsoleLinkKey } from '../../core/circle-admin/menu'
import { usePageTitle } from '../common/page-title'
import { NotLoggedIn } from '../common/my-layout'
import { useSession } from '../common/session'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import '../i18n/texts/circleAdmin'

const frame = css`
  display: flex;
  gap: 20px;
  align-items: flex-start;
  aside {
    width: 200px;
    flex: none;
    background: ${tokens.card};
    border-radius: 8px;
    padding: 16px 0;
    position: sticky;
    top: 72px;
  }
  aside h2 {
    font-size: 16px;
    margin: 0 20px 8px;
  }
  aside h3 {
    font-size: 12px;
    font-weight: normal;
    color: ${tokens.textMuted};
    margin: 14px 20px 4px;
  }
  aside a {
    display: block;
    padding: 7px 20px;
    color: ${tokens.text};
    text-decoration: none;
    font-size: 14px;
    border-left: 3px solid transparent;
  }
  aside a:hover {
    background: ${tokens.bg};
  }
  aside a[aria-current='page'] {
    color: ${tokens.brand};
    border-left-color: ${tokens.brand};
    background: ${tokens.brandTint};
    font-weight: 600;
  }
  > section {
    flex: 1;
    min-width: 0;
    background: ${tokens.card};
    border-radius: 8px;
    padding: 20px 24px;
    min-height: 480px;
  }
  .uncertified {
    background: ${tokens.warnBg};
    color: ${tokens.text};
    border-radius: 6px;
    padding: 10px 14px;
    font-size: 13px;
  }
  > section > .head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    margin: 0 0 16px;
  }
  > section > .head > h1 {
    font-size: 18px;
    margin: 0;
  }
`

export interface ConsoleFrameProps {
  /** the page's heading and document title */
  title: string
  /** the menu link to mark when the path alone does not say (a detail page under a list) */
  active?: ConsoleLinkKey
  /** beside the heading: the page's main action (新建…) */
  actions?: ReactNode
  children: ReactNode
}

export function ConsoleFrame({ title, active, actions, children }: ConsoleFrameProps) {
  const session = useSession()
  const [path] = useLocation()
  usePageTitle(t('circleAdmin.pageTitle', { title }))
  if (session.checking) return null
  if (!session.info) return <NotLoggedIn />
  const current = active ?? activeLink(path)
  return (
    <div className={frame} data-testid="console-frame">
      <aside>
        <h2>{t('circleAdmin.title')}</h2>
        <nav aria-label={t('circleAdmin.title')}>
          {CONSOLE_MENU.map((s) => (
            <div key={s.section}>
              <h3>{t(`circleAdmin.menu.${s.section}`)}</h3>
              {s.links.map(([key, href]) => (
                <Link key={key} href={href} aria-current={current === key ? 'page' : undefined}>
                  {t(`circleAdmin.menu.${key}`)}
                </Link>
              ))}
            </div>
          ))}
        </nav>
      </aside>
      <section>
        <header className="head">
          <h1>{title}</h1>
          {actions ?? null}
        </header>
        {session.info.advisoryCertification ? null : (
          <p className="uncertified" data-testid="console-uncertified">
            {t('circleAdmin.notCertifiedHint')} <Link href="/chiefCircle/creator-certification">{t('circleAdmin.goCertify')}</Link>
          </p>
        )}
        {children}
      </section>
    </div>
  )
}
