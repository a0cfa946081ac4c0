// Portfolios matching a search keyword by name or code (spec 001 §7 /api/search/portfolio/keyword/v1),
// shown on /search above the result tabs. Nothing is shown when none matches or the call fails.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { Highlighted } from './highlighted'
import { useSearchApi } from './api'
import { useKeywordList } from './use-keyword-list'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import '../i18n/texts/portfolio'

export function PortfolioStrip({ keyword }: { keyword: string }) {
  const portfolios = useKeywordList(useSearchApi().relatedPortfolios(keyword))
  if (!portfolios.length) return null
  return (
    <nav className={strip} aria-label={t('portfolio.searchResults')} data-testid="portfolio-strip">
      <span className={label}>{t('portfolio.searchResults')}</span>
      {portfolios.map((p) => (
        <Link key={p.portfolioCode} href={`/portfolio/${p.portfolioCode}`}>
          <Highlighted text={p.nameDisp} keyword={keyword} /> <small>{p.owner.nick}</small>
        </Link>
      ))}
    </nav>
  )
}

const strip = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 0 0 12px;
  a {
    padding: 6px 12px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    color: ${tokens.text};
    font-size: 14px;
  }
  small {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
const label = css`
  color: ${tokens.textSecondary};
  font-size: 13px;
`
