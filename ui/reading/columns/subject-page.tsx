// /subject/{id}: a subject, its contents (all or the editors' picks) and the follow button
// (spec 000 §7: detail, contents, follow-status, POST and DELETE /api/subjects/follow).
import { useCallback, useEffect, useState } from 'react'
import { css } from '@linaria/core'
import type { Subject, ThemeItem } from '../../../core/api/reading-columns'
import { firstCalls } from '../../../core/api/first-screen'
import { useFirstAnswer } from '../../common/first-screen'
import { formatBigNumber } from '../../../core/format/big-number'
import { useServices } from '../../services'
import { useSession } from '../../common/session'
import { ToggleButton } from '../../common/toggle-button'
import { useColumnsApi } from './api'
import { useDetail } from '../../content/use-detail'
import { usePagedList } from '../../content/use-paged-list'
import { ListFooter } from '../../content/article-list'
import { panel, tabs } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { Img } from '../../common/img'
import { Empty, Failed, Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { muted, ThemeItems } from './parts'
import { Tabs } from '../../common/tabs'
import '../../i18n/texts/columns'

const head = css`
  display: grid;
  grid-template-columns: 240px 1fr auto;
  gap: 20px;
  align-items: start;
  margin-bottom: 12px;
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
const followButton = css`
  min-width: 96px;
  padding: 8px 18px;
  border: 1px solid ${tokens.brand};
  border-radius: 18px;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
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

function FollowButton({ subjectId, onCount }: { subjectId: number; onCount: (n: number) => void }) {
  const calls = useColumnsApi()
  const session = useSession()
  const [followed, setFollowed] = useState(false)
  const userId = session.user?.id ?? null
  useEffect(() => {
    if (userId === null) return setFollowed(false)
    let live = true
    calls.isSubjectFollowed(subjectId).then((on) => live && setFollowed(on), () => undefined)
    return () => {
      live = false
    }
  }, [calls, subjectId, userId])
  const save = useCallback(
    (on: boolean) =>
      calls.followSubject(subjectId, on).then((a) => {
        onCount(a.followCount)
        return a
      }),
    [calls, onCount, subjectId],
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
  const detail = useDetail<Subject>(id, api.subject, useFirstAnswer<Subject>(firstCalls.subject(id)))
  const [choice, setChoice] = useState(false)
  const [followCount, setFollowCount] = useState<number | null>(null)
  const contents = usePagedList<ThemeItem, boolean>(
    ({ filter, last }) => api.subjectContents(id, filter, last?.createTimestamp),
    false,
    (item) => (item.kind === 'article' ? `a${item.article.id}` : `f${item.flash.id}`),
    useFirstAnswer<{ list: readonly ThemeItem[]; hasMore: boolean }>(firstCalls.subjectContents(id, false)),
  )
  const subject = detail.data
  usePageTitle(subject?.title ?? null)
  if (detail.state === 'loading') return <section className={panel}><Loading rows={3} /></section>
  if (detail.state === 'notFound') return <section className={panel}><Empty text={t('columns.subject.notFound')} /></section>
  if (detail.state === 'failed' || !subject)
    return <section className={panel}><Failed message={detail.error} onRetry={() => detail.actor.send({ type: 'detail.retry' })} /></section>
  const choose = (next: boolean) => {
    setChoice(next)
    contents.actor.send({ type: 'list.filter', filter: next })
  }
  return (
    <section className={panel}>
      <div className={head}>
        <Img src={subject.coverUrl} alt="" width={240} height={135} />
        <div>
          <h1>{subject.title}</h1>
          <p>{subject.brief}</p>
          <div className={muted}>
            <span data-testid="subject-follow-count">{t('columns.subject.followCount', { n: formatBigNumber(followCount ?? subject.followCount, lang) })}</span>
            <span>{t('columns.subject.contentCount', { n: subject.contentCount })}</span>
          </div>
        </div>
        <FollowButton subjectId={subject.id} onCount={setFollowCount} />
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
      {contents.items.length ? <ThemeItems items={contents.items} label={subject.title} /> : null}
      <ListFooter
        status={contents.status}
        hasMore={contents.hasMore}
        error={contents.error}
        onMore={() => contents.actor.send({ type: 'list.more' })}
        onRetry={() => contents.actor.send({ type: 'list.retry' })}
      />
    </section>
  )
}
