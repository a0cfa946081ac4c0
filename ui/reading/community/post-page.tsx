// /community/post/{id}: one discussion post (spec 000 §7 /api/post/{id}/v3), read-only, with related
// posts (/api/recommend/posts (count, postId)).
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { PostSummary } from '../../../core/api/reading-community'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatDateTime } from '../../../core/format/date-time'
import { useServices } from '../../services'
import { useCommunityApi } from './api'
import { useDetail } from '../../content/use-detail'
import { Img } from '../../common/img'
import { Empty, Failed, Loading } from '../../common/status'
import { panel, panelTitle, sticky, twoColumns } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { authorLine, chip, metaLine, PostCard, topicChip } from './post-list'

const body = css`
  padding: 24px 32px 28px;
  h1 { margin: 0 0 14px; font-size: 24px; }
  .content p { margin: 0 0 12px; font-size: 16px; line-height: 1.9; color: ${tokens.text}; }
`

export function PostPage({ id }: { id: number }) {
  const api = useCommunityApi()
  const { lang } = useServices()
  const detail = useDetail<PostSummary>(id, api.post)
  const post = detail.data
  usePageTitle(post ? post.title || post.content.slice(0, 24) : t('community.postTitle'))
  if (detail.state === 'loading') return <section className={panel}><Loading /></section>
  if (detail.state === 'notFound') return <section className={panel}><Empty text={t('community.postNotFound')} /></section>
  if (detail.state === 'failed' || !post) return <section className={panel}><Failed message={detail.error} onRetry={() => detail.actor.send({ type: 'detail.retry' })} /></section>
  return (
    <div className={twoColumns}>
      <article className={`${panel} ${body}`}>
        <div className={authorLine}>
          <Img src={post.author.avatar} alt="" width={32} height={32} />
          <Link href={`/user/${post.author.id}`}>{post.author.nick}</Link>
          <time dateTime={new Date(post.createTimestamp * 1000).toISOString()}>{formatDateTime(post.createTimestamp)}</time>
        </div>
        {post.title ? <h1>{post.title}</h1> : <h1 className="visually-hidden" style={{ fontSize: 0, margin: 0 }}>{t('community.postTitle')}</h1>}
        <div className="content">
          {post.content.split('\n').map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
        <div className={metaLine}>
          {post.topic ? <Link className={topicChip} href={`/community/topics/${post.topic.topicId}`}>#{post.topic.topicName}#</Link> : null}
          {post.stocks.map((s) => <Link key={s.id} className={chip} href={`/stock/${s.id}`}>{s.name}</Link>)}
          <span>{t('community.likes', { n: formatBigNumber(post.likeCount, lang) })}</span>
          <span>{t('community.comments', { n: formatBigNumber(post.commentCount, lang) })}</span>
          <span>{t('common.readCount', { n: formatBigNumber(post.readCount, lang) })}</span>
        </div>
      </article>
      <aside className={sticky}>
        <Related postId={post.id} />
      </aside>
    </div>
  )
}

function Related({ postId }: { postId: number }) {
  const api = useCommunityApi()
  const [list, setList] = useState<readonly PostSummary[] | null | 'failed'>(null)
  const load = () => api.recommendPosts(postId).then(setList, () => setList('failed'))
  useEffect(() => {
    setList(null)
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is rebuilt each render; postId is what it reads
  }, [postId])
  return (
    <section className={panel} aria-label={t('community.recommendPosts')}>
      <h2 className={panelTitle}>{t('community.recommendPosts')}</h2>
      {list === null ? <Loading rows={2} /> : list === 'failed' ? <Failed message={null} onRetry={() => void load()} /> : list.length === 0 ? <Empty /> : list.map((p) => <PostCard key={p.id} post={p} />)}
    </section>
  )
}
