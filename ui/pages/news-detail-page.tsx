// /news/{id}: the article (spec 000 §7 /api/news/{id}/v3) with related items.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { ArticleDetail } from '../../core/api/content'
import { formatBigNumber } from '../../core/format/big-number'
import { formatDateTime } from '../../core/format/date-time'
import { useServices } from '../services'
import { useCommentSlots } from '../common/comment-slots'
import { usePagesApi } from './api'
import { Img } from '../common/img'
import { panel, panelTitle, sticky, twoColumns } from '../content/panel'
import { t } from '../i18n/i18n'
import { articleBody, articleChips, articleCover, articleCrumbs, articleMeta, articlePage, articleSummary, relatedList } from '../content/article-styles'
import { DetailStatus } from '../content/detail-status'
import { tokens } from '../styles/tokens'
import { usePageTitle } from '../common/page-title'
import { useEffect, useRef } from 'react'
import { useSession } from '../common/session'
import { LockedPrompt } from '../content/locked-prompt'
import { useRead } from '../common/use-read'
import { clampLines, plainListLook } from '../styles/looks'

const author = css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: ${tokens.text};
`

export function NewsDetailPage({ id }: { id: number }) {
  const api = usePagesApi()
  const detail = useRead(api.news(id))
  usePageTitle(detail.data?.title ?? null)
  // the server renders the guest's answer (its free part): a signed-in reader asks again, once, for
  // what a member or buyer may read
  const userId = useSession().user?.id ?? null
  const reloaded = useRef<string | null>(null)
  const locked = detail.data?.locked === true
  const { reload } = detail
  useEffect(() => {
    const key = `${userId}:${id}`
    if (!locked || userId === null || reloaded.current === key) return
    reloaded.current = key
    reload()
  }, [locked, userId, id, reload])
  return (
    <DetailStatus detail={detail} notFound={t('news.notFound')}>
      {(data) => <Article data={data} />}
    </DetailStatus>
  )
}

function Article({ data }: { data: ArticleDetail }) {
  const { lang } = useServices()
  // spec 000 §7: comments on news, passed in by the app (ui/common/comment-slots.tsx)
  const comments = useCommentSlots()
  return (
    <div className={twoColumns}>
      <article className={`${panel} ${articlePage}`}>
        <nav className={articleCrumbs} aria-label="breadcrumb">
          <Link href="/">{t('nav.home')}</Link> / <Link href="/news">{t('news.breadcrumb')}</Link> / <span>{data.channelName}</span>
        </nav>
        <h1>{data.title}</h1>
        <div className={articleMeta}>
          <span className={author}>
            <img src={data.author.avatar} alt="" width={28} height={28} />
            {data.author.nick}
          </span>
          <time dateTime={new Date(data.createTimestamp * 1000).toISOString()}>{formatDateTime(data.createTimestamp)}</time>
          <span>{t('common.source', { source: data.source })}</span>
          <span>{t('common.readCount', { n: formatBigNumber(data.readCount, lang) })}</span>
        </div>
        {data.paragraphs[0]?.startsWith(data.summary) ? null : <p className={articleSummary}>{data.summary}</p>}
        <Img className={articleCover} src={data.coverUrl} alt={data.title} width={640} height={360} priority />
        <div className={articleBody}>
          {data.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {data.locked ? <LockedPrompt kind={data.isVip ? 'vip' : 'column'} specsId={data.specsId} /> : null}
        {data.stocks.length || data.tags.length ? (
          <div className={articleChips}>
            {data.stocks.map((s) => (
              <span key={s.id} className="stock">
                {s.name}
              </span>
            ))}
            {data.tags.map((tag) => (
              <span key={tag}>#{tag}</span>
            ))}
          </div>
        ) : null}
        {comments.newsTools(data.id)}
        {comments.news(data.id)}
      </article>
      <aside className={`${panel} ${sticky}`}>
        <h2 className={panelTitle}>{t('common.related')}</h2>
        <ul className={relatedList}>
          {data.related.map((r) => (
            <li key={r.id}>
              <Link href={`/news/${r.id}`}>{r.title}</Link>
            </li>
          ))}
        </ul>
        {data.stocks[0] ? <StockPosts key={data.stocks[0].id} stock={data.stocks[0]} /> : null}
      </aside>
    </div>
  )
}

/** Readers' posts on the article's first stock (issue 25: spec 000 §7 /api/post/list); nothing when there are none. */
function StockPosts({ stock }: { stock: { id: string; name: string } }) {
  const api = usePagesApi()
  const { lang } = useServices()
  const load = useRead(api.stockPosts(stock.id))
  if (load.status !== 'ready' || !load.data.list.length) return null
  return (
    <section className={stockPosts} aria-label={t('news.stockPosts', { name: stock.name })}>
      <h2 className={panelTitle}>
        {t('news.stockPosts', { name: stock.name })}
        <Link href={`/stock/${stock.id}`}>{t('news.moreStockPosts')}</Link>
      </h2>
      <ul>
        {load.data.list.map((p) => (
          <li key={p.id}>
            <Link href={`/community/post/${p.id}`}>{p.title || p.content}</Link>
            <small>
              {t('news.postMeta', { nick: p.author.nick, n: formatBigNumber(p.likeCount, lang) })}
            </small>
          </li>
        ))}
      </ul>
    </section>
  )
}

const stockPosts = css`
  margin-top: 16px;
  padding-top: 16px;
  border-top: 1px solid ${tokens.border};
  ul {
    ${plainListLook}
  }
  li {
    padding: 8px 0;
    font-size: 14px;
    line-height: 1.5;
  }
  li a {
    ${clampLines(2)}
    color: ${tokens.text};
  }
  small {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
