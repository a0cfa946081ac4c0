// Pieces shared by the column, subject and hotspot pages.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { Column, ThemeItem } from '../../../core/api/reading-columns'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatRelativeTime } from '../../../core/format/date-time'
import { columnAlbumRoute } from '../../../core/membership/links'
import { ArticleCard } from '../../content/article-list'
import { Img } from '../../common/img'
import { useServices } from '../../services'
import { useRenderNow } from '../../common/first-screen'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/columns'
import { clampLines, frameLook, plainListLook, tagLook } from '../../styles/looks'

export const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 16px;
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
`
export const cardBox = css`
  display: flex;
  flex-direction: column;
  ${frameLook}
  overflow: hidden;
  background: ${tokens.card};
  h3 {
    margin: 0 0 6px;
    font-size: 16px;
  }
  p {
    margin: 0 0 8px;
    color: ${tokens.textSecondary};
    font-size: 13px;
    ${clampLines(2)}
  }
  img {
    width: 100%;
    height: 120px;
    object-fit: cover;
  }
`
export const cardBody = css`
  padding: 12px 14px;
`
/** The head of a column or subject page: its 240 × 135 cover beside its title and description. */
export const coverHead = css`
  display: grid;
  grid-template-columns: 240px 1fr;
  gap: 20px;
  margin-bottom: 16px;
  img {
    width: 240px;
    height: 135px;
    object-fit: cover;
    border-radius: ${tokens.radius};
  }
  h1 {
    margin: 0 0 8px;
    font-size: 22px;
  }
  p {
    margin: 0 0 10px;
    color: ${tokens.textSecondary};
  }
`

export const muted = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  color: ${tokens.textMuted};
  font-size: 12px;
`
const flashItem = css`
  padding: 14px 0;
  border-bottom: 1px solid ${tokens.border};
  h3 {
    margin: 0 0 6px;
    font-size: 16px;
  }
  p {
    margin: 0 0 6px;
    color: ${tokens.textSecondary};
  }
`
const flashTag = css`
  ${tagLook(tokens.infoBg, tokens.link)}
`
const choiceTag = css`
  ${tagLook(tokens.brandTint, tokens.brand)}
`
const list = css`
  ${plainListLook}
`

export function ColumnCard({ column }: { column: Column }) {
  const { lang } = useServices()
  const page = `/column/page/${column.id}`
  return (
    <li className={cardBox} data-testid="column-card">
      <Link href={page} tabIndex={-1} aria-hidden="true">
        <Img src={column.coverUrl} alt="" width={260} height={120} />
      </Link>
      <div className={cardBody}>
        <h3>
          <Link href={page}>{column.name}</Link>
        </h3>
        <p>{column.brief}</p>
        <div className={muted}>
          <span>{column.author.nick}</span>
          <span>{t('columns.articleCount', { n: column.articleCount })}</span>
          <span>{t('columns.readCount', { n: formatBigNumber(column.readCount, lang) })}</span>
          <Link href={columnAlbumRoute(page) ?? page}>{t('columns.openAlbum')}</Link>
        </div>
      </div>
    </li>
  )
}

/** A subject's or hotspot's items: articles as cards, flashes as short entries. */
export function ThemeItems({ items, label }: { items: readonly ThemeItem[]; label: string }) {
  const { lang } = useServices()
  const now = useRenderNow()
  return (
    <ul className={list} aria-label={label}>
      {items.map((item) =>
        item.kind === 'article' ? (
          <ArticleCard key={`a${item.article.id}`} article={item.article} />
        ) : (
          <li key={`f${item.flash.id}`} className={flashItem}>
            <h3>
              <Link href={`/live/${item.flash.id}`}>{item.flash.title}</Link>
            </h3>
            <p>{item.flash.content}</p>
            <div className={muted}>
              <span className={flashTag}>{t('columns.flash')}</span>
              {item.isChoice ? <span className={choiceTag}>{t('columns.subject.choice')}</span> : null}
              <time dateTime={new Date(item.createTimestamp * 1000).toISOString()}>{formatRelativeTime(item.createTimestamp, now, lang)}</time>
            </div>
          </li>
        ),
      )}
    </ul>
  )
}
