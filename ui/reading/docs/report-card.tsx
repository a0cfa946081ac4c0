import { formatPriceCents } from '../../../core/format/money'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { ResearchReport } from '../../../core/api/reading-docs'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatDate } from '../../../core/format/date-time'
import { Img } from '../../common/img'
import { useServices } from '../../services'
import { t } from '../../i18n/i18n'
import { listCard } from '../../content/article-styles'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/docs'
import { tagLook } from '../../styles/looks'

const card = css`
  grid-template-columns: 160px 1fr;
`
const cover = css`
  width: 160px;
  height: 90px;
  object-fit: cover;
  border-radius: 6px;
  background: ${tokens.bg};
`
const meta = css`
  display: flex;
  flex-wrap: wrap;
  gap: 14px;
  align-items: center;
  color: ${tokens.textMuted};
  font-size: 13px;
`
export const priceTag = css`
  ${tagLook(tokens.brandTint, tokens.brand)}
  padding: 0 8px;
  font-weight: 600;
`
export const freeTag = css`
  ${tagLook(tokens.successTint, tokens.success)}
  padding: 0 8px;
`

// spec 001 §9: prices in yuan with 2 decimals, from integer cents
export const yuan = formatPriceCents

export function ReportCard({ report }: { report: ResearchReport }) {
  const { lang } = useServices()
  const href = `/rss-detail/${report.id}`
  return (
    <li className={`${listCard} ${card}`}>
      <Link href={href} tabIndex={-1} aria-hidden="true">
        <Img className={cover} src={report.coverUrl} alt="" width={160} height={90} />
      </Link>
      <div>
        <h3>
          <Link href={href}>{report.title}</Link>
        </h3>
        <p>{report.summary}</p>
        <div className={meta}>
          {report.isPay ? <span className={priceTag}>{t('docs.depth.price', { price: yuan(report.priceCents) })}</span> : <span className={freeTag}>{t('docs.depth.freeTag')}</span>}
          <span>{report.institution}</span>
          <span>{t('docs.depth.rating', { rating: report.rating })}</span>
          <span>{report.stocks.map((s) => s.name).join('、')}</span>
          <span>{t('docs.depth.pages', { n: report.pages })}</span>
          <time dateTime={new Date(report.createTimestamp * 1000).toISOString()}>{formatDate(report.createTimestamp)}</time>
          <span>{t('docs.report.readCount', { n: formatBigNumber(report.readCount, lang) })}</span>
        </div>
      </div>
    </li>
  )
}
