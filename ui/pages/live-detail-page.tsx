// /live/{id}: one flash with the previous and next ones (spec 000 §7 /api/live/{id}/v1), and more of its
// live channel below (issue 25: /api/live-channels/{id}/lives).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { LiveFlash } from '../../core/api/content'
import { formatDateTime } from '../../core/format/date-time'
import { SAME_CHANNEL_LIVES, usePagesApi } from './api'
import { useRead } from '../common/use-read'
import { NOT_FOUND } from '../../core/query/query-cache'
import { liveChannelBySlug } from '../../core/content/live-channels'
import { channelName } from './live-list-page'
import { Failed, Loading } from '../common/status'
import { panel } from '../content/panel'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { usePageTitle } from '../common/page-title'
import { NotFoundContent } from '../common/not-found'
import { plainListLook, tagLook } from '../styles/looks'

const box = css`
  max-width: 860px;
  margin: 0 auto;
  padding: 28px 40px;
  h1 {
    margin: 8px 0 16px;
    font-size: 24px;
  }
  h1[data-important='true'] {
    color: ${tokens.important};
  }
`
const when = css`
  color: ${tokens.textMuted};
  font-size: 13px;
`
const text = css`
  font-size: 17px;
  line-height: 1.9;
`
const nav = css`
  display: flex;
  justify-content: space-between;
  gap: 20px;
  margin-top: 28px;
  padding-top: 16px;
  border-top: 1px solid ${tokens.border};
  font-size: 14px;
  a {
    max-width: 48%;
    color: ${tokens.textSecondary};
  }
`
const tag = css`
  display: inline-block;
  margin-right: 8px;
  ${tagLook(tokens.important, tokens.onBrand)}
  font-size: 13px;
  vertical-align: middle;
`


export function LiveDetailPage({ id }: { id: number }) {
  const api = usePagesApi()
  const detail = useRead(api.live(id))
  usePageTitle(detail.data?.flash.title || (detail.data ? t('live.detailTitle') : null))
  if (detail.status === 'loading') return <div className={panel}><Loading rows={2} /></div>
  if (detail.status === 'failed' && detail.statusCode === NOT_FOUND) return <NotFoundContent text={t('live.notFound')} />
  if (detail.status === 'failed') return <Failed message={detail.message} onRetry={detail.reload} />
  const { flash, previous, next } = detail.data
  return (
    <article className={`${panel} ${box}`}>
      <time className={when} dateTime={new Date(flash.createTimestamp * 1000).toISOString()}>
        {formatDateTime(flash.createTimestamp)}
      </time>
      <h1 data-important={flash.important}>
        {flash.important ? <span className={tag}>{t('common.important')}</span> : null}
        {flash.title || t('live.detailTitle')}
      </h1>
      <p className={text}>{flash.content}</p>
      <nav className={nav}>
        {previous ? <Link href={`/live/${previous.id}`}>← {t('common.previous')}：{previous.title || previous.content.slice(0, 24)}</Link> : <span />}
        {next ? <Link href={`/live/${next.id}`}>{t('common.next')}：{next.title || next.content.slice(0, 24)} →</Link> : <span />}
      </nav>
      <SameChannel flash={flash} />
    </article>
  )
}

/** More flashes of this flash's live channel (itself left out); nothing when the channel is not a live channel. */
function SameChannel({ flash }: { flash: LiveFlash }) {
  const api = usePagesApi()
  const entry = liveChannelBySlug(flash.channel)
  const load = useRead(entry ? api.sameChannelLives(entry.id) : null)
  if (!entry || load.status !== 'ready' || !load.data) return null
  const others = load.data.list.filter((f) => f.id !== flash.id).slice(0, SAME_CHANNEL_LIVES)
  if (!others.length) return null
  return (
    <section className={more} aria-label={t('live.sameChannel', { name: channelName(entry.channel) })}>
      <h2>{t('live.sameChannel', { name: channelName(entry.channel) })}</h2>
      <ul>
        {others.map((f) => (
          <li key={f.id}>
            <time dateTime={new Date(f.createTimestamp * 1000).toISOString()}>{formatDateTime(f.createTimestamp)}</time>
            <Link href={`/live/${f.id}`}>{f.title || f.content.slice(0, 40)}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

const more = css`
  margin-top: 24px;
  h2 {
    margin: 0 0 8px;
    font-size: 16px;
  }
  ul {
    ${plainListLook}
  }
  li {
    display: flex;
    gap: 12px;
    padding: 6px 0;
    font-size: 14px;
    border-bottom: 1px dashed ${tokens.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  time {
    flex: none;
    color: ${tokens.textMuted};
    font-size: 12px;
    line-height: 21px;
  }
  a {
    color: ${tokens.text};
  }
`
