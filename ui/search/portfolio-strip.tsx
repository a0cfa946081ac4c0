// Portfolios matching a search keyword by name or code (spec 001 §7 /api/search/portfolio/keyword/v1),
// shown on /search above the result tabs. Nothing is shown when none matches or the call fails.
import { Link } from 'wouter'
import { Highlighted } from './highlighted'
import { useSearchApi } from './api'
import { useKeywordList } from './use-keyword-list'
import { t } from '../i18n/i18n'
import { ResultStrip } from './result-strip'
import '../i18n/texts/portfolio'

export function PortfolioStrip({ keyword }: { keyword: string }) {
  const portfolios = useKeywordList(useSearchApi().relatedPortfolios(keyword))
  if (!portfolios.length) return null
  return (
    <ResultStrip title={t('portfolio.searchResults')} testId="portfolio-strip">
      {portfolios.map((p) => (
        <Link key={p.portfolioCode} href={`/portfolio/${p.portfolioCode}`}>
          <Highlighted text={p.nameDisp} keyword={keyword} /> <small>{p.owner.nick}</small>
        </Link>
      ))}
    </ResultStrip>
  )
}

