// /subject/{id}: a subject, its contents (all or the editors' picks) and the follow button
// (spec 000 §7: detail, contents, follow-status, POST and DELETE /api/subjects/follow).
import { useCallback, useState } from 'react'
import { css, cx } from '@linaria/core'
import { formatBigNumber } from '../../../core/format/big-number'
import { useServices } from '../../services'
import { useSession } from '../../common/session'
import { ToggleButton } from '../../common/toggle-button'
import { useColumnsApi } from './api'
import { Paged } from '../../content/article-list'
import { panel, tabs } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { Img } from '../../common/img'
import { Empty, Failed, Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { coverHead, muted, ThemeItems } from './parts'
import { Tabs } from '../../common/tabs'
import '../../i18n/texts/columns'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { forReader, usePages, useRead, useInvalidate } from '../../common/use-read'
import { brandLook } from '../../styles/looks'

/** the cover head with the follow button in a third column */
const head = css`
  grid-template-columns: 240px 1fr auto;
  align-items: start;
  margin-bottom: 12px;
`
const followButton = css`
  min-width: 96px;
  padding: 8px 18px;
  ${brandLook('18px')}
  font-size: 14px;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${tokens.card};
    color: ${tokens.textSecondary};
    border-color: ${tokens.border};
  }
  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`
const errorText = css`
  margin: 6px 0 0;
  color: ${tokens.brand};
  font-size: 12px;
`

/** 关注 on a subject: the toggle machine (login first, optimistic, rolled back) on the reader's follow state. */
function FollowSubjectButton({ subjectId, onFollowed }: { subjectId: number; onFollowed: () => void }) {
  const calls = useColumnsApi()
  const session = useSession()
  const userId = session.user?.id ?? null
  const followed = useRead(userId === null ? null : forReader(calls.subjectFollowed(subjectId), userId)).data === true
  const save = useCallback(
    (on: boolean) =>
      calls.followSubject(subjectId, on).then((a) => {
        onFollowed()
        return a
      }),
    [calls, onFollowed, subjectId],
  )
  return (
    <div>
      <ToggleButton
        on={followed}
        save={save}
        member={{ set: 'subjects', id: subjectId }}
        label={(on) => (on ? t('columns.subject.following') : t('columns.subject.follow'))}
        className={() => followButton}
        errorClassName={errorText}
        testId="subject-follow"
      />
    </div>
  )
}

export default function SubjectPage({ id }: { id: number }) {
  const api = useColumnsApi()
  const { lang } = useServices()
  const detail = useRead(api.subject(id))
  const [choice, setChoice] = useState(false)
  // a follow changes the subject's follower count: its detail is read again
  const invalidate = useInvalidate()
  const contents = usePages(api.subjectContents(id, choice))
  const subject = detail.data
  usePageTitle(subject?.title ?? null)
  if (detail.status === 'loading') return <section className={panel}><Loading rows={3} /></section>
  if ((detail.status === 'failed' && detail.statusCode === NOT_FOUND)) return <section className={panel}><Empty text={t('columns.subject.notFound')} /></section>
  if (detail.status === 'failed' || !subject)
    return <section className={panel}><Failed message={detail.message ?? null} onRetry={detail.reload} /></section>
  const choose = setChoice
  return (
    <section className={panel}>
      <div className={cx(coverHead, head)}>
        <Img src={subject.coverUrl} alt="" width={240} height={135} />
        <div>
          <h1>{subject.title}</h1>
          <p>{subject.brief}</p>
          <div className={muted}>
            <span data-testid="subject-follow-count">{t('columns.subject.followCount', { n: formatBigNumber(subject.followCount, lang) })}</span>
            <span>{t('columns.subject.contentCount', { n: subject.contentCount })}</span>
          </div>
        </div>
        <FollowSubjectButton subjectId={subject.id} onFollowed={() => (invalidate('subjects.detail'), invalidate('subjects.followStatus'))} />
      </div>
      <Tabs
        className={tabs}
        label={subject.title}
        items={[
          { key: false, label: t('columns.subject.all') },
          { key: true, label: t('columns.subject.choice') },
        ]}
        value={choice}
        onChange={choose}
      />
      <Paged list={contents}>{(rows) => <ThemeItems items={rows} label={subject.title} />}</Paged>
    </section>
  )
}
