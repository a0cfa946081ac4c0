// One moment of a circle (spec 001 §3 Dynamic: top, essence; §4): author (匿名用户 for an anonymous
// question the reader may not see the asker of), pinned and essence marks, review status, text, pictures,
// files, topic, tags, stock and portfolio references, the owner's answer to a question, the comment count
// (or 该内容已限制评论). The owner and admins get 置顶, 精华 and 忽略 (the one toggle button each) and see an
// anonymous asker's name with a 匿名 mark. Everyone who reads it may share it (分享, the posting feature's
// button through the app's slot) and complain about it (举报); its author reads why it was taken down.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { CircleDynamic } from '../../core/api/circles'
import { formatDateTime } from '../../core/format/date-time'
import { isKnownMarket, parseStockCode } from '../../core/validation/stock-code'
import { useCommentSlots } from '../common/comment-slots'
import { Img } from '../common/img'
import { useSession } from '../common/session'
import { ToggleButton } from '../common/toggle-button'
import { useInvalidate, useRead } from '../common/use-read'
import { t } from '../i18n/i18n'
import { pill } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { plainList } from './circle-card'
import { ComplainButton } from './complain-button'
import '../i18n/texts/circle'
import { smallTagLook } from '../styles/looks'

const item = css`
  padding: 16px 0;
  border-top: 1px solid ${tokens.border};
  &:first-child {
    border-top: 0;
  }
  /* set aside (shown to the owner and admins only): a tinted band, not faded text (contrast stays AA) */
  &[data-ignored='true'] {
    margin: 0 -12px;
    padding: 16px 12px;
    border-radius: 6px;
    background: ${tokens.bg};
  }
  .who {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 13px;
    color: ${tokens.textMuted};
  }
  .who img,
  .who [role='img'] {
    width: 32px;
    height: 32px;
    border-radius: 50%;
  }
  .who .nick {
    color: ${tokens.text};
    font-weight: 600;
  }
  .marks {
    display: inline-flex;
    gap: 4px;
    margin-left: auto;
  }
  h3 {
    margin: 8px 0 0;
    font-size: 16px;
  }
  .text {
    margin: 8px 0 0;
    white-space: pre-wrap;
    word-break: break-word;
    line-height: 1.7;
    font-size: 15px;
    color: ${tokens.text};
  }
  .pictures {
    display: grid;
    grid-template-columns: repeat(3, 120px);
    gap: 6px;
    margin-top: 10px;
  }
  .pictures img,
  .pictures [role='img'] {
    width: 120px;
    height: 120px;
    object-fit: cover;
    border-radius: 6px;
  }
  .files {
    margin-top: 10px;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .files a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 10px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    color: ${tokens.link};
    font-size: 13px;
    width: fit-content;
  }
  .refs {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin-top: 8px;
    font-size: 13px;
  }
  .refs a,
  .refs span {
    padding: 0 8px;
    border-radius: 10px;
    background: ${tokens.infoBg};
    color: ${tokens.link};
    line-height: 20px;
  }
  .answer {
    margin-top: 10px;
    padding: 10px 12px;
    border-left: 3px solid ${tokens.brand};
    border-radius: 0 6px 6px 0;
    background: ${tokens.bg};
  }
  .answer strong {
    display: block;
    margin-bottom: 4px;
    font-size: 13px;
    color: ${tokens.brand};
  }
  .answer p {
    margin: 0;
    white-space: pre-wrap;
    line-height: 1.7;
  }
  footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin-top: 10px;
    font-size: 13px;
    color: ${tokens.textMuted};
  }
  footer a {
    color: ${tokens.textSecondary};
  }
  footer .manage {
    display: inline-flex;
    gap: 6px;
    margin-left: auto;
  }
  footer .manage button,
  footer .social button {
    height: 26px;
    font-size: 12px;
  }
  footer .social {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .error {
    margin: 4px 0 0;
    color: ${tokens.brand};
    font-size: 12px;
  }
`
export const mark = css`
  display: inline-block;
  ${smallTagLook(tokens.brandTint, tokens.brand, '20px')}
  &[data-kind='essence'] {
    background: ${tokens.warnBg};
    color: ${tokens.warn};
  }
  &[data-kind='status'],
  &[data-kind='ignored'] {
    background: ${tokens.bg};
    color: ${tokens.textSecondary};
  }
  &[data-kind='question'],
  &[data-kind='anonymous'] {
    background: ${tokens.infoBg};
    color: ${tokens.link};
  }
`
const toggleClass = (on: boolean) => `${pill}${on ? ' on' : ''}`

/** A referenced code: a stock's page when it reads as one (hk00700, usAAPL), else a portfolio's. */
function RefLink({ code }: { code: string }) {
  const stock = parseStockCode(code)
  if (stock && isKnownMarket(stock.market)) return <Link href={`/stock/${code}`}>{t('circle.moment.stockRef', { code: code.toUpperCase() })}</Link>
  return <Link href={`/portfolio/${encodeURIComponent(code)}`}>{t('circle.moment.portfolioRef', { code })}</Link>
}

/** Why the reader's own moment was taken down: a link to its violation (GET /api/user/violation/{source}/{refId}/v1). */
export function ViolationLink({ source, refId }: { source: 'circleDynamic' | 'circleComment'; refId: number }) {
  const api = useCirclesApi()
  const v = useRead(api.violationOf(source, refId))
  if (v.status !== 'ready' || v.data === null) return null
  return (
    <Link href={`/violation/${v.data.id}`} data-testid="violation-link">
      {t('circle.moment.viewReason')}
    </Link>
  )
}

export function MomentItem({ moment, canManage, commentLink = true }: { moment: CircleDynamic; canManage: boolean; commentLink?: boolean }) {
  const nick = moment.author?.nick ?? t('circle.moment.anonymous')
  const readerId = useSession().user?.id ?? null
  const slots = useCommentSlots()
  const own = moment.author !== null && moment.author.id === readerId
  const shown = moment.status === 'approved' && !moment.ignored
  return (
    <li className={item} data-testid="circle-moment" data-top={moment.top} data-essence={moment.essence} data-ignored={moment.ignored}>
      <div className="who">
        {moment.author?.avatar ? <Img src={moment.author.avatar} alt="" width={32} height={32} /> : null}
        {moment.author ? (
          <Link className="nick" href={`/user/${moment.author.id}`}>
            {nick}
          </Link>
        ) : (
          <span className="nick">{nick}</span>
        )}
        {moment.anonymous && moment.author ? (
          // the owner, an admin (or the asker) sees who asked; the mark says the others do not
          <span className={mark} data-kind="anonymous" title={t('circle.moment.anonymousMarkHint')} data-testid="mark-anonymous">
            {t('circle.moment.anonymousMark')}
          </span>
        ) : null}
        <time dateTime={new Date(moment.createTimestamp * 1000).toISOString()}>{formatDateTime(moment.createTimestamp)}</time>
        <span className="marks">
          {moment.kind === 'question' ? (
            <span className={mark} data-kind="question">
              {t('circle.moment.question')}
            </span>
          ) : null}
          {moment.top ? (
            <span className={mark} data-kind="top" data-testid="mark-top">
              {t('circle.moment.top')}
            </span>
          ) : null}
          {moment.essence ? (
            <span className={mark} data-kind="essence" data-testid="mark-essence">
              {t('circle.moment.essence')}
            </span>
          ) : null}
          {moment.ignored ? (
            <span className={mark} data-kind="ignored">
              {t('circle.moment.ignored')}
            </span>
          ) : null}
          {moment.status !== 'approved' ? (
            <span className={mark} data-kind="status">
              {moment.status === 'rejected' ? t('circle.moment.rejected') : t('circle.moment.pending')}
            </span>
          ) : null}
        </span>
      </div>
      {moment.title ? <h3>{moment.title}</h3> : null}
      {moment.content ? <p className="text">{moment.content}</p> : null}
      {moment.pictureUrls.length ? (
        <div className="pictures">
          {moment.pictureUrls.map((url, i) => (
            <a key={url} href={url} target="_blank" rel="noopener noreferrer">
              <Img src={url} alt={t('circle.moment.picture', { author: nick, n: i + 1 })} width={120} height={120} />
            </a>
          ))}
        </div>
      ) : null}
      {moment.files.length ? (
        <div className="files">
          {moment.files.map((f) => (
            <a key={f.url} href={f.url} download={f.name} rel="noopener">
              {t('circle.moment.file', { name: f.name })}
            </a>
          ))}
        </div>
      ) : null}
      {moment.topic || moment.momentTags.length || moment.refContents.length ? (
        <div className="refs">
          {moment.topic ? <span>#{moment.topic.topicName}#</span> : null}
          {moment.momentTags.map((tag) => (
            <span key={tag.tagId}>{tag.tagName}</span>
          ))}
          {moment.refContents.map((code) => (
            <RefLink key={code} code={code} />
          ))}
        </div>
      ) : null}
      {moment.answer ? (
        <div className="answer" data-testid="moment-answer">
          <strong>
            {t('circle.moment.answer')} · {moment.answer.author.nick}
          </strong>
          <p>{moment.answer.content}</p>
        </div>
      ) : null}
      <footer>
        {moment.commentsClosed ? (
          <span>{t('circle.moment.commentsClosed')}</span>
        ) : commentLink ? (
          <Link href={`/chiefCircle/comment/${moment.dynamicId}`}>{t('circle.moment.comments', { n: moment.commentCount })}</Link>
        ) : null}
        {own && moment.status === 'rejected' ? <ViolationLink source="circleDynamic" refId={moment.dynamicId} /> : null}
        {shown ? (
          <span className="social">
            {slots.share('circleDynamic', moment.dynamicId)}
            {own ? null : <ComplainButton type="circleDynamic" id={moment.dynamicId} />}
          </span>
        ) : null}
        {canManage ? <ManageButtons moment={moment} /> : null}
      </footer>
    </li>
  )
}

/** 置顶, 精华, 忽略 for the owner and admins (spec 001 §7 PUT content/top, content/essence, dynamic/ignore). */
function ManageButtons({ moment }: { moment: CircleDynamic }) {
  const api = useCirclesApi()
  const invalidate = useInvalidate()
  const done = <T,>(p: Promise<T>, on: (r: T) => boolean) =>
    p.then((r) => {
      invalidate('moment.')
      return { on: on(r) }
    })
  return (
    <span className="manage" role="group" aria-label={t('circle.moment.actions')}>
      <ToggleButton
        key={`top-${String(moment.top)}`}
        on={moment.top}
        save={(on) => done(api.setTop(moment.momentId, moment.dynamicId, on), (r) => r.top)}
        label={(on) => (on ? t('circle.moment.unpin') : t('circle.moment.pin'))}
        className={toggleClass}
        errorClassName="error"
        testId="moment-pin"
      />
      <ToggleButton
        key={`essence-${String(moment.essence)}`}
        on={moment.essence}
        save={(on) => done(api.setEssence(moment.momentId, moment.dynamicId, on), (r) => r.essence)}
        label={(on) => (on ? t('circle.moment.unmarkEssence') : t('circle.moment.markEssence'))}
        className={toggleClass}
        errorClassName="error"
        testId="moment-essence"
      />
      <ToggleButton
        key={`ignore-${String(moment.ignored)}`}
        on={moment.ignored}
        save={() => done(api.ignore(moment.dynamicId), (r) => r.ignored)}
        label={(on) => (on ? t('circle.moment.unignore') : t('circle.moment.ignore'))}
        className={toggleClass}
        errorClassName="error"
        testId="moment-ignore"
      />
    </span>
  )
}

export function MomentList({ moments, canManage, label }: { moments: readonly CircleDynamic[]; canManage: boolean; label: string }) {
  return (
    <ul className={plainList} aria-label={label}>
      {moments.map((m) => (
        <MomentItem key={m.dynamicId} moment={m} canManage={canManage} />
      ))}
    </ul>
  )
}
