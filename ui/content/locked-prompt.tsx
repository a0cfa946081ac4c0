// The buy prompt under the free part of paid content (issue 13): the server answered `locked` (server/
// membership/paywall.ts). A guest is asked to log in first; a signed-in reader opens the order dialog on
// the spec the server offers (ui/common/buy.ts), or goes to the member page when none is offered.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { useSession } from '../common/session'
import { useBuy } from '../common/buy'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import '../i18n/texts/membership'
import { filledLook } from '../styles/looks'

const box = css`
  margin: 20px 0;
  padding: 24px;
  border-radius: 8px;
  background: linear-gradient(180deg, ${tokens.warnBg}, ${tokens.card});
  border: 1px solid ${tokens.warnBorder};
  text-align: center;
  h2 {
    margin: 0 0 8px;
    font-size: 18px;
    color: ${tokens.warn};
  }
  p {
    margin: 0 0 16px;
    color: ${tokens.textSecondary};
  }
  a,
  button {
    display: inline-block;
    padding: 10px 32px;
    /* white on warn is 5.9:1 (AA); the lighter gold it replaced was 2.6:1 and failed axe on every locked article */
    ${filledLook('20px', tokens.warn)}
    font-size: 15px;
    cursor: pointer;
  }
`

export function LockedPrompt({ kind, specsId }: { kind: 'vip' | 'column'; specsId?: number | undefined }) {
  const session = useSession()
  const buy = useBuy()
  const label = t(kind === 'vip' ? 'membership.locked.buy' : 'membership.locked.buyColumn')
  const href = specsId === undefined ? '/member' : `/member?specsId=${specsId}`
  return (
    <section className={box} aria-labelledby="locked-title" data-testid="locked-prompt">
      <h2 id="locked-title">{t(kind === 'vip' ? 'membership.locked.vipTitle' : 'membership.locked.columnTitle')}</h2>
      <p>{t(kind === 'vip' ? 'membership.locked.vipText' : 'membership.locked.columnText')}</p>
      {session.user && buy && specsId !== undefined ? (
        <button type="button" onClick={() => buy(specsId)} data-testid="buy-button">
          {label}
        </button>
      ) : session.user ? (
        <Link href={href}>{label}</Link>
      ) : (
        <button type="button" onClick={() => void session.openLogin()}>
          {t('membership.locked.login')}
        </button>
      )}
    </section>
  )
}
