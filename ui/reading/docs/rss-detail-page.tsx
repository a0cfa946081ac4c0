// /rss-detail/{id}: one deep research report (spec 000 §7: /data/api/rss/detail (id)).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { ResearchReportDetail } from '../../../core/api/reading-docs'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatDateTime } from '../../../core/format/date-time'
import { useServices } from '../../services'
import { useBuy } from '../../common/buy'
import { useDocsApi } from './api'
import { Img } from '../../common/img'
import { panel, panelTitle, sticky, twoColumns } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { articleBody, articleChips, articleCover, articleCrumbs, articleMeta, articlePage, articleSummary, relatedList } from '../../content/article-styles'
import { DetailStatus } from '../../content/detail-status'
import { tokens } from '../../styles/tokens'
import { freeTag, priceTag, yuan } from './report-card'
import '../../i18n/texts/docs'
import { useRead } from '../../common/use-read'
import { filledLook } from '../../styles/looks'

const lockBox = css`
  margin-top: 8px;
  padding: 20px;
  border: 1px dashed ${tokens.brand};
  border-radius: ${tokens.radius};
  text-align: center;
  color: ${tokens.textSecondary};
  a,
  button {
    display: inline-block;
    margin-top: 12px;
    padding: 8px 28px;
    ${filledLook('20px')}
    font-size: 15px;
    cursor: pointer;
  }
`

export function RssDetailPage({ id }: { id: number }) {
  const api = useDocsApi()
  const detail = useRead(api.report(id))
  usePageTitle(detail.data?.title ?? null)
  return (
    <DetailStatus detail={detail} notFound={t('docs.report.notFound')}>
      {(data) => <Report data={data} />}
    </DetailStatus>
  )
}

function Report({ data }: { data: ResearchReportDetail }) {
  const buy = useBuy()
  const { lang } = useServices()
  return (
    <div className={twoColumns}>
      <article className={`${panel} ${articlePage}`}>
        <nav className={articleCrumbs} aria-label="breadcrumb">
          <Link href="/">{t('nav.home')}</Link> / <Link href="/depthRss">{t('docs.report.breadcrumb')}</Link>
        </nav>
        <h1>{data.title}</h1>
        <div className={articleMeta}>
          {data.isPay ? <span className={priceTag}>{t('docs.depth.price', { price: yuan(data.priceCents) })}</span> : <span className={freeTag}>{t('docs.depth.freeTag')}</span>}
          <span>{t('docs.report.byline', { institution: data.institution, analyst: data.analyst })}</span>
          <span>{t('docs.depth.rating', { rating: data.rating })}</span>
          <time dateTime={new Date(data.createTimestamp * 1000).toISOString()}>{formatDateTime(data.createTimestamp)}</time>
          <span>{t('docs.report.readCount', { n: formatBigNumber(data.readCount, lang) })}</span>
        </div>
        <Img className={articleCover} src={data.coverUrl} alt="" width={640} height={360} />
        <p className={articleSummary}>{data.summary}</p>
        <div className={articleBody}>
          {data.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {data.locked ? (
          <div className={lockBox}>
            <div>{t('docs.report.locked', { pages: data.pages })}</div>
            {buy && data.specsId !== undefined ? (
              <button type="button" onClick={() => buy(data.specsId!)} data-testid="buy-button">
                {t('docs.report.buy')}
              </button>
            ) : (
              <Link href="/member">{t('docs.report.buy')}</Link>
            )}
          </div>
        ) : null}
        {data.stocks.length ? (
          <div className={articleChips} aria-label={t('docs.report.stocks')}>
            {data.stocks.map((s) => (
              <Link key={s.id} href={`/stock/${s.id}`}>
                {s.name}
              </Link>
            ))}
          </div>
        ) : null}
      </article>
      <aside className={`${panel} ${sticky}`}>
        <h2 className={panelTitle}>{t('docs.report.related')}</h2>
        <ul className={relatedList}>
          {data.related.map((r) => (
            <li key={r.id}>
              <Link href={`/rss-detail/${r.id}`}>{r.title}</Link>
              <small>{r.institution}</small>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  )
}
