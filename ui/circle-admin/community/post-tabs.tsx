// The post, set-top, set-essence, set-preview and qa (qa-unanswered, qa-answered) tabs of
// community-detail/{momentId} (spec 001 §2; issue 29): the community's posts with their review status
// and marks, searched and paged; each tab's action (pin, essence, preview, restrict comments) on the
// row; the questions with the answer box (the circle's one answer per question, as PUT /api/review/v1).
import { useState } from 'react'
import { useLocation } from 'wouter'
import { css } from '@linaria/core'
import type { AdminPost } from '../../../core/api/circle-admin-communities'
import { COMMUNITY_MESSAGES, COMMUNITY_PATHS, CONSOLE_PAGE_SIZE, QA_TABS, type QaTab } from '../../../core/circle-admin/communities'
import { formatDateTime } from '../../../core/format/date-time'
import { Tabs, tabId } from '../../common/tabs'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { smallButton } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { hint, ListStates, ListTable, SearchBox, tabStrip, useListQuery, WriteFailure } from '../parts'
import { useCommunityAdminApi, type PostKind } from './api'
import { PostMarks, textCell, useCommunityWrite, UserCell } from './parts'
import '../../i18n/texts/circleAdminCommunity'
import { plainListLook } from '../../styles/looks'

export type PostMode = 'post' | 'top' | 'essence' | 'preview'

/** Which posts a mode lists when "only marked" is on. */
const MARKED: Record<Exclude<PostMode, 'post'>, PostKind> = { top: 'top', essence: 'essence', preview: 'preview' }

export function PostsTab({ momentId, mode }: { momentId: number; mode: PostMode }) {
  const api = useCommunityAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
  const [onlyMarked, setOnlyMarked] = useState(false)
  // set-preview offers moments only (a question is not a sample)
  const kind: PostKind = mode !== 'post' && onlyMarked ? MARKED[mode] : mode === 'preview' ? 'dynamic' : 'all'
  const list = useRead(api.posts(momentId, page, { kind, keyword }))
  const write = useCommunityWrite()
  return (
    <>
      {mode !== 'post' ? <p className={hint}>{t(`circleAdminCommunity.posts.${mode}Hint`)}</p> : null}
      <SearchBox
        placeholder={t('circleAdminCommunity.posts.search')}
        onSearch={search}
        testId="community-post-search"
      >
        {mode !== 'post' ? (
          <button
            type="button"
            className={pill}
            aria-pressed={onlyMarked}
            onClick={() => {
              setPage(1)
              setOnlyMarked(!onlyMarked)
            }}
            data-testid="community-post-only-marked"
          >
            {onlyMarked ? t('circleAdminCommunity.posts.all') : t('circleAdminCommunity.posts.onlyMarked')}
          </button>
        ) : null}
      </SearchBox>
      <WriteFailure text={write.failure} testId="community-write-failure" />
      <ListTable state={list} none={t('circleAdminCommunity.posts.none')} page={page} count={CONSOLE_PAGE_SIZE} onPage={setPage} testId="community-post-table" head={[t('circleAdminCommunity.posts.content'), t('circleAdminCommunity.posts.author'), t('circleAdminCommunity.posts.marks'), t('circleAdminCommunity.posts.time'), t('circleAdminCommunity.posts.actions')]}>
        {(p) => (
          <tr key={p.dynamicId} data-testid="community-post-row" data-id={p.dynamicId}>
            <td className={textCell}>
              {p.title ? <strong>{p.title}</strong> : null}
              <div className="text">{p.content}</div>
              <div className="muted">{t('circleAdminCommunity.posts.comments', { n: p.commentCount })}</div>
            </td>
            <td>
              <Author post={p} />
            </td>
            <td>
              <PostMarks post={p} />
            </td>
            <td>{formatDateTime(p.createTimestamp)}</td>
            <td className="actions">
              <PostAction post={p} mode={mode} busy={write.busy} run={(w) => void write.run(w)} momentId={momentId} />
            </td>
          </tr>
        )}
      </ListTable>
    </>
  )
}

function Author({ post: p }: { post: AdminPost }) {
  if (!p.author) return <span>{t('circleAdminCommunity.posts.anonymous')}</span>
  return (
    <UserCell user={p.author}>{p.anonymous ? <span className="muted">（{t('circleAdminCommunity.posts.anonymous')}）</span> : null}</UserCell>
  )
}

function PostAction({ post: p, mode, busy, run, momentId }: { post: AdminPost; mode: PostMode; busy: boolean; run: (w: () => Promise<unknown>) => void; momentId: number }) {
  const api = useCommunityAdminApi()
  switch (mode) {
    case 'top':
      return (
        <button type="button" className={smallButton} disabled={busy} onClick={() => run(() => api.setTop(momentId, p.dynamicId, !p.top))} data-testid="community-set-top">
          {p.top ? t('circleAdminCommunity.posts.unpin') : t('circleAdminCommunity.posts.pin')}
        </button>
      )
    case 'essence':
      return (
        <button type="button" className={smallButton} disabled={busy} onClick={() => run(() => api.setEssence(momentId, p.dynamicId, !p.essence))} data-testid="community-set-essence">
          {p.essence ? t('circleAdminCommunity.posts.unmarkEssence') : t('circleAdminCommunity.posts.markEssence')}
        </button>
      )
    case 'preview':
      return (
        <button
          type="button"
          className={smallButton}
          disabled={busy || (!p.preview && p.status !== 'approved')}
          title={!p.preview && p.status !== 'approved' ? COMMUNITY_MESSAGES.previewApprovedOnly : undefined}
          onClick={() => run(() => api.setPreview(momentId, p.dynamicId, !p.preview))}
          data-testid="community-set-preview"
        >
          {p.preview ? t('circleAdminCommunity.posts.unmarkPreview') : t('circleAdminCommunity.posts.markPreview')}
        </button>
      )
    case 'post':
      return (
        <button type="button" className={smallButton} disabled={busy} onClick={() => run(() => api.setCommentsClosed(momentId, p.dynamicId, !p.commentsClosed))} data-testid="community-comment-switch">
          {p.commentsClosed ? t('circleAdminCommunity.posts.openComments') : t('circleAdminCommunity.posts.closeComments')}
        </button>
      )
  }
}

/** qa with its two lists: the questions waiting (each with an answer box) and those answered. */
export function QaPanel({ momentId, sub }: { momentId: number; sub: QaTab }) {
  const [, navigate] = useLocation()
  return (
    <>
      <Tabs
        items={QA_TABS.map((k) => ({ key: k, label: t(`circleAdminCommunity.detail.qaTabs.${k}`), testId: `community-${k}` }))}
        value={sub}
        onChange={(k) => navigate(COMMUNITY_PATHS.detail(momentId, 'qa', k), { replace: true })}
        label={t('circleAdminCommunity.detail.tabs.qa')}
        className={tabStrip}
        panelId="community-qa-panel"
        idBase="community-qa"
      />
      <div id="community-qa-panel" role="tabpanel" aria-labelledby={tabId('community-qa', sub)}>
        <QuestionList key={sub} momentId={momentId} sub={sub} />
      </div>
    </>
  )
}

function QuestionList({ momentId, sub }: { momentId: number; sub: QaTab }) {
  const api = useCommunityAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
  const list = useRead(api.posts(momentId, page, { kind: sub === 'qa-answered' ? 'answered' : 'unanswered', keyword }))
  return (
    <>
      <SearchBox
        placeholder={t('circleAdminCommunity.posts.search')}
        onSearch={search}
        testId="community-qa-search"
      />
      <ListStates state={list} none={t('circleAdminCommunity.qa.none')} page={page} count={CONSOLE_PAGE_SIZE} onPage={setPage}>
        {(rows) => (
          <ul className={questions} data-testid={`community-${sub}-list`}>
            {rows.map((q) => (
              <Question key={q.dynamicId} momentId={momentId} question={q} />
            ))}
          </ul>
        )}
      </ListStates>
    </>
  )
}

function Question({ momentId, question: q }: { momentId: number; question: AdminPost }) {
  const api = useCommunityAdminApi()
  const [text, setText] = useState('')
  const [tried, setTried] = useState(false)
  const write = useCommunityWrite()
  const empty = !text.trim()
  const submit = async () => {
    setTried(true)
    if (empty) return
    if (await write.run(() => api.answer(momentId, q.dynamicId, text))) setText('')
  }
  return (
    <li data-testid="community-question" data-id={q.dynamicId}>
      <div className="ask">
        <Author post={q} />
        <span className="muted">{formatDateTime(q.createTimestamp)}</span>
        <PostMarks post={q} />
      </div>
      <p className="content">{q.content}</p>
      {q.answer ? (
        <div className="answer" data-testid="community-answer">
          <span className="muted">{t('circleAdminCommunity.qa.answeredBy', { nick: q.answer.author.nick })}</span>
          <p>{q.answer.content}</p>
        </div>
      ) : (
        <form
          className="reply"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <textarea value={text} onChange={(e) => setText(e.target.value)} placeholder={t('circleAdminCommunity.qa.answerPlaceholder')} aria-label={t('circleAdminCommunity.qa.answer')} data-testid="community-answer-input" />
          <div>
            <button type="submit" className={`${pill} ${primary}`} disabled={write.busy} data-testid="community-answer-submit">
              {t('circleAdminCommunity.qa.submit')}
            </button>
            {tried && empty ? (
              <span role="alert" className="error">
                {COMMUNITY_MESSAGES.answerRequired}
              </span>
            ) : null}
            <WriteFailure text={write.failure} testId="community-write-failure" />
          </div>
        </form>
      )}
    </li>
  )
}

const questions = css`
  ${plainListLook}
  li {
    padding: 14px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  .ask {
    display: flex;
    gap: 10px;
    align-items: center;
    font-size: 13px;
  }
  .muted {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  .content {
    margin: 8px 0;
    white-space: pre-wrap;
    word-break: break-word;
    font-size: 14px;
  }
  .answer {
    padding: 8px 12px;
    border-radius: 6px;
    background: ${tokens.bg};
  }
  .answer p {
    margin: 4px 0 0;
    white-space: pre-wrap;
  }
  .reply {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  .reply textarea {
    min-height: 72px;
    padding: 8px 10px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    font: inherit;
    font-size: 13px;
    resize: vertical;
  }
  .reply div {
    display: flex;
    gap: 10px;
    align-items: center;
  }
  .error {
    color: ${tokens.important};
    font-size: 12px;
  }
`
