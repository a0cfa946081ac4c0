// /chiefCircle/comment/{id}/{type} (spec 001 §2; §7 GET /api/moment/comment/summary/{id}): the comments of a
// moment in a circle — how many, the newest, or 该内容已限制评论 when its comments are closed (spec 001 §4).
// Readers of the circle only (the server refuses the rest with its message). {type} is the spec's optional
// tab; the contract has one list (the newest), so every tab shows it.
import { css } from '@linaria/core'
import { Link } from 'wouter'
import { NOT_FOUND } from '../../core/query/query-cache'
import { formatDateTime } from '../../core/format/date-time'
import { Img } from '../common/img'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { useRead } from '../common/use-read'
import { panel, panelTitle } from '../content/panel'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { plainList } from './circle-card'
import '../i18n/texts/circle'

const wrap = css`
  max-width: 880px;
  margin: 0 auto;
`
const comments = css`
  li {
    display: flex;
    gap: 10px;
    padding: 12px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  img,
  [role='img'] {
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: 50%;
  }
  .who {
    display: flex;
    gap: 8px;
    font-size: 13px;
    color: ${tokens.textMuted};
  }
  .who a {
    color: ${tokens.text};
    font-weight: 600;
  }
  p {
    margin: 4px 0 0;
    white-space: pre-wrap;
    line-height: 1.7;
  }
`
const closed = css`
  padding: 12px;
  border-radius: 6px;
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
  text-align: center;
`

export function CircleCommentPage({ id }: { id: number }) {
  const api = useCirclesApi()
  const read = useRead(api.commentSummary(id))
  usePageTitle(t('circle.comment.title'))
  return (
    <section className={`${panel} ${wrap}`} aria-labelledby="circle-comments">
      <h1 id="circle-comments" className={panelTitle}>
        {read.status === 'ready' ? `${t('circle.comment.title')} (${read.data.commentCount})` : t('circle.comment.title')}
      </h1>
      {read.status === 'loading' ? (
        <Loading rows={3} />
      ) : read.status === 'failed' ? (
        read.statusCode === NOT_FOUND ? (
          <Empty text={t('circle.comment.none')} />
        ) : (
          <Failed message={read.message} onRetry={read.reload} />
        )
      ) : (
        <>
          {read.data.commentsClosed ? <p className={closed}>{t('circle.moment.commentsClosed')}</p> : null}
          {read.data.list.length === 0 ? (
            <Empty text={t('circle.comment.none')} />
          ) : (
            <ul className={`${plainList} ${comments}`} aria-label={t('circle.comment.all')}>
              {read.data.list.map((c) => (
                <li key={c.id}>
                  <Img src={c.author.avatar} alt="" width={32} height={32} />
                  <div>
                    <div className="who">
                      <Link href={`/user/${c.author.id}`}>{c.author.nick}</Link>
                      <time>{formatDateTime(c.createTimestamp)}</time>
                    </div>
                    <p>{c.content}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
