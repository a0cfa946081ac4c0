// Shared pieces of the portfolio pages: styles, coloured percents, the summary card of a list.
import { css } from '@linaria/core'
import { Link } from 'wouter'
import type { PortfolioSummary } from '../../core/api/portfolio'
import { formatNetValue, formatPercent } from '../../core/format/money'
import { tokens } from '../styles/tokens'
import { t } from '../i18n/i18n'
import '../i18n/texts/portfolio'
import { brandOutlineLook, plainListLook } from '../styles/looks'

export const page = css`
  max-width: ${tokens.pageWidth};
  margin: 0 auto;
  padding: 16px 0 40px;
`
export const card = css`
  background: ${tokens.card};
  border: 1px solid ${tokens.border};
  border-radius: 6px;
  padding: 16px 20px;
  margin-bottom: 16px;
  h1,
  h2 {
    margin: 0 0 12px;
    font-size: 18px;
  }
  h2 {
    font-size: 16px;
  }
`
export const figures = css`
  display: flex;
  flex-wrap: wrap;
  gap: 32px;
  margin: 8px 0;
  dt {
    font-size: 12px;
    color: ${tokens.textSecondary};
  }
  dd {
    margin: 4px 0 0;
    font-size: 22px;
    font-variant-numeric: tabular-nums;
  }
`
export const table = css`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    text-align: right;
    padding: 8px 6px;
    border-bottom: 1px solid ${tokens.border};
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  th {
    font-weight: normal;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
`
export const button = css`
  display: inline-block;
  padding: 6px 14px;
  ${brandOutlineLook('4px')}
  cursor: pointer;
  font-size: 14px;
  text-decoration: none;
  margin-right: 8px;
  &:disabled {
    color: ${tokens.textDisabled};
    border-color: ${tokens.border};
    background: ${tokens.disabledBg};
    cursor: not-allowed;
  }
`
export const primary = css`
  background: ${tokens.brand};
  color: ${tokens.onBrand};
`
export const muted = css`
  color: ${tokens.textMuted};
  font-size: 13px;
`
export const errorText = css`
  color: ${tokens.important};
  margin: 8px 0;
`
const up = css`
  color: ${tokens.up};
`
const down = css`
  color: ${tokens.down};
`

/** A percent coloured by its sign (red up, green down: spec's Chinese convention). */
export function Pct({ value }: { value: number }) {
  return <span className={value > 0 ? up : value < 0 ? down : undefined}>{formatPercent(value)}</span>
}

export const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

const list = css`
  ${plainListLook}
  li {
    display: flex;
    gap: 16px;
    align-items: baseline;
    padding: 10px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  a {
    color: ${tokens.link};
    font-size: 15px;
    min-width: 180px;
  }
`

export function PortfolioList({ items, testId }: { items: readonly PortfolioSummary[]; testId?: string }) {
  return (
    <ul className={list} data-testid={testId}>
      {items.map((p) => (
        <li key={p.portfolioCode}>
          <Link href={`/portfolio/${p.portfolioCode}`}>{p.nameDisp}</Link>
          <span>
            {t('portfolio.netValue')} {formatNetValue(p.netValue)}
          </span>
          <span>
            {t('portfolio.totalProfit')} <Pct value={p.totalProfit} />
          </span>
          <span className={muted}>{t(p.market === 'hk' ? 'portfolio.markets.hk' : 'portfolio.markets.us')}</span>
          {p.closed ? <span className={muted}>{t('portfolio.closed')}</span> : null}
        </li>
      ))}
    </ul>
  )
}
