// /column/page/{id} (a column, newest articles first) and /album/{columnId} (the same column read as an
// album: numbered from its first article).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { useColumnsApi } from './api'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatDate } from '../../../core/format/date-time'
import { columnAlbumRoute } from '../../../core/membership/links'
import { useServices } from '../../services'
import { ArticleList, ListFooter } from '../../content/article-list'
import { panel, panelTitle } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { Img } from '../../common/img'
import { Empty, Failed, Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { coverHead, muted } from './parts'
import { useBuy } from '../../common/buy'
import { pill, primary } from '../../styles/buttons'
import '../../i18n/texts/columns'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { usePages, useRead } from '../../common/use-read'
import { plainListLook } from '../../styles/looks'

const chapters = css`
  ${plainListLook}
  li {
    display: grid;
    grid-template-columns: 80px 1fr 100px;
    gap: 12px;
    padding: 12px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  span {
    color: ${tokens.textMuted};
    font-size: 13px;
  }
`

export default function ColumnPage({ id, album }: { id: number; album: boolean }) {
  const api = useColumnsApi()
  const { lang } = useServices()
  const buy = useBuy()
  const detail = useRead(api.column(id))
  const articles = usePages(api.columnArticles(id, album))
  const column = detail.data
  usePageTitle(column ? (album ? t('columns.albumOf', { name: column.name }) : column.name) : null)
  if (detail.status === 'loading') return <section className={panel}><Loading rows={3} /></section>
  if ((detail.status === 'failed' && detail.statusCode === NOT_FOUND)) return <section className={panel}><Empty text={t('columns.columnNotFound')} /></section>
  if (detail.status === 'failed' || !column)
    return (
      <section className={panel}>
        <Failed message={detail.message ?? null} onRetry={detail.reload} />
      </section>
    )
  const page = `/column/page/${column.id}`
  return (
    <section className={panel}>
      <div className={coverHead}>
        <Img src={column.coverUrl} alt="" width={240} height={135} />
        <div>
          <h1>{album ? t('columns.albumOf', { name: column.name }) : column.name}</h1>
          <p>{column.brief}</p>
          <div className={muted}>
            <span>{column.author.nick}</span>
            <span>{t('columns.articleCount', { n: column.articleCount })}</span>
            <span>{t('columns.readCount', { n: formatBigNumber(column.readCount, lang) })}</span>
            {album ? <Link href={page}>{t('columns.openColumn')}</Link> : <Link href={columnAlbumRoute(page) ?? page}>{t('columns.openAlbum')}</Link>}
          </div>
          {buy && column.specsId !== undefined ? (
            <button type="button" className={`${pill} ${primary}`} style={{ marginTop: 12 }} onClick={() => buy(column.specsId!)} data-testid="buy-button">
              {t('columns.subscribe')}
            </button>
          ) : null}
        </div>
      </div>
      <h2 className={panelTitle}>{album ? t('columns.album') : t('columns.title')}</h2>
      {articles.items.length ? (
        album ? (
          <ol className={chapters} aria-label={t('columns.album')}>
            {articles.items.map((a, i) => (
              <li key={a.id}>
                <span>{t('columns.chapter', { n: i + 1 })}</span>
                <Link href={`/news/${a.id}`}>{a.title}</Link>
                <span>{formatDate(a.createTimestamp)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <ArticleList items={articles.items} label={column.name} />
        )
      ) : null}
      <ListFooter list={articles} />
    </section>
  )
}
