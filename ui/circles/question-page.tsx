// /chiefCircle/question/{id}/{type} (spec 001 §2, §3 questionType anonymity or public; issue 27 'Q&A'): a
// member asks the owner publicly or anonymously (only the owner and the admins see an anonymous asker);
// the answered and unanswered tabs; the owner and admins answer a waiting question in place. The form and
// the answer box are core/posting/circle-post-box.machine.ts (a question; an answer naming its question).
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { useActorRef, useSelector } from '@xstate/react'
import { css } from '@linaria/core'
import type { CircleDynamic, CircleIntro } from '../../core/api/circles'
import { canSendCircleDraft } from '../../core/posting/circle-post'
import type { CirclePostBoxActor } from '../../core/posting/circle-post-box.machine'
import { inspect } from '../dev/inspector'
import { Img } from '../common/img'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Empty } from '../common/status'
import { forReader, useInvalidate, usePages, useRead } from '../common/use-read'
import { ListFooter } from '../content/article-list'
import { panel, panelTitle, sticky, tabs, twoColumns } from '../content/panel'
import { PendingPanel } from '../content/detail-status'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { plainList } from './circle-card'
import { CircleHead, JoinButton, useReloadAsReader } from './detail-page'
import { MomentItem } from './moment-item'
import { boxStyle, RiskAndNotice } from './post-box'
import '../i18n/texts/circle'

import { QUESTION_TABS, type QuestionTab } from './tabs'

const stack = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`
const choice = css`
  display: flex;
  gap: 16px;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    float: left;
    margin-right: 8px;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-size: 14px;
    cursor: pointer;
  }
  input {
    accent-color: ${tokens.brand};
  }
`
const hint = css`
  margin: 0;
  color: ${tokens.textMuted};
  font-size: 12px;
`
const askUsers = css`
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 0;
  }
  img,
  [role='img'] {
    width: 32px;
    height: 32px;
    border-radius: 50%;
  }
`
const answerBox = css`
  margin: -6px 0 12px;
  padding: 10px 12px;
  border-radius: 6px;
  background: ${tokens.bg};
`

export function QuestionPage({ id, tab }: { id: number; tab: QuestionTab }) {
  const api = useCirclesApi()
  const userId = useSession().user?.id ?? null
  const read = useRead(forReader(api.intro(id), userId))
  useReloadAsReader(read, userId)
  usePageTitle(read.data ? `${t('circle.question.title')} · ${read.data.name}` : t('circle.question.title'))
  if (read.status !== 'ready') return <PendingPanel read={read} notFound={t('circle.detail.notFound')} />
  const circle = read.data
  return (
    <div className={twoColumns}>
      <div className={stack}>
        <CircleHead circle={circle} />
        {circle.access.canRead ? (
          <>
            {circle.access.canAsk ? (
              <section className={panel} aria-labelledby="ask-title">
                <h2 id="ask-title" className={panelTitle}>
                  {t('circle.question.ask')}
                </h2>
                <AskForm key={circle.id} momentId={circle.id} />
              </section>
            ) : null}
            <Questions circle={circle} tab={tab} />
          </>
        ) : (
          <section className={panel}>
            <JoinButton circle={circle} />
          </section>
        )}
      </div>
      <aside className={sticky}>{circle.access.canRead ? <AskUsers momentId={circle.id} /> : null}</aside>
    </div>
  )
}

/** The question form: its text and public or anonymous (spec 001 §3 questionType). */
export function AskForm({ momentId }: { momentId: number }) {
  const api = useCirclesApi()
  const invalidate = useInvalidate()
  const [machine] = useState(() => api.postBox().provide({ actions: { announceSent: () => void invalidate('moment.') } }))
  const actor = useActorRef(machine, { input: { momentId, what: { kind: 'question' } }, inspect })
  const c = useSelector(actor, (s) => s.context)
  const sending = useSelector(actor, (s) => s.matches('sending'))
  const id = useId()
  return (
    <form
      className={boxStyle}
      data-open="true"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'post.send' })
      }}
      data-testid="ask-form"
    >
      <textarea aria-label={t('circle.question.label')} placeholder={t('circle.question.placeholder')} value={c.body} onChange={(e) => actor.send({ type: 'draft.body', value: e.target.value })} />
      <fieldset className={choice}>
        <legend>{t('circle.question.visibility')}</legend>
        {(['public', 'anonymity'] as const).map((v) => (
          <label key={v}>
            <input type="radio" name={`${id}-type`} value={v} checked={c.questionType === v} onChange={() => actor.send({ type: 'draft.questionType', value: v })} />
            {t(`circle.question.${v}`)}
          </label>
        ))}
      </fieldset>
      {c.questionType === 'anonymity' ? <p className={hint}>{t('circle.question.anonymityHint')}</p> : null}
      <footer>
        {c.sent > 0 && c.body === '' ? (
          <p className="sent" role="status">
            {t('circle.question.sent')}
          </p>
        ) : null}
        <button type="submit" className={`${pill} ${primary} send`} disabled={sending || !canSendCircleDraft(c, c.what)} data-testid="ask-send">
          {sending ? t('circle.post.sending') : t('circle.question.send')}
        </button>
      </footer>
      <RiskAndNotice actor={actor} />
    </form>
  )
}

function Questions({ circle, tab }: { circle: CircleIntro; tab: QuestionTab }) {
  return (
    <section className={panel} aria-labelledby="questions-title">
      <h2 id="questions-title" className={panelTitle}>
        {t('circle.question.title')}
      </h2>
      <nav className={tabs} aria-label={t('circle.question.tabs')}>
        {QUESTION_TABS.map((k) => (
          <Link key={k} href={`/chiefCircle/question/${circle.id}/${k}`} aria-current={k === tab ? 'page' : undefined}>
            {t(`circle.question.${k}`)}
          </Link>
        ))}
      </nav>
      <QuestionPages key={tab} circle={circle} tab={tab} />
    </section>
  )
}

function QuestionPages({ circle, tab }: { circle: CircleIntro; tab: QuestionTab }) {
  const api = useCirclesApi()
  const list = usePages(api.content(circle.id, null, tab))
  const canManage = circle.access.canManage
  return (
    <div data-testid="questions">
      {list.items.length ? (
        <ul className={plainList} aria-label={t(`circle.question.${tab}`)}>
          {list.items.map((q) => (
            <QuestionItem key={q.dynamicId} question={q} canManage={canManage} />
          ))}
        </ul>
      ) : null}
      {list.status === 'empty' ? <Empty text={t('circle.question.none')} /> : <ListFooter list={list} />}
    </div>
  )
}

function QuestionItem({ question, canManage }: { question: CircleDynamic; canManage: boolean }) {
  return (
    <>
      <MomentItem moment={question} canManage={canManage} />
      {canManage && question.answer === null && question.status === 'approved' ? <AnswerBox question={question} /> : null}
    </>
  )
}

/** The owner's (or an admin's) answer to one question: PUT /api/review/v1 with replyId. */
function AnswerBox({ question }: { question: CircleDynamic }) {
  const api = useCirclesApi()
  const invalidate = useInvalidate()
  const [machine] = useState(() => api.postBox().provide({ actions: { announceSent: () => void invalidate('moment.') } }))
  const actor = useActorRef(machine, { input: { momentId: question.momentId, what: { kind: 'answer', replyId: question.dynamicId } }, inspect })
  return <AnswerView actor={actor} nick={question.author?.nick ?? t('circle.moment.anonymous')} />
}

function AnswerView({ actor, nick }: { actor: CirclePostBoxActor; nick: string }) {
  const c = useSelector(actor, (s) => s.context)
  const sending = useSelector(actor, (s) => s.matches('sending'))
  return (
    <li className={`${boxStyle} ${answerBox}`} data-open={c.body !== ''} data-testid="answer-box">
      <textarea aria-label={t('circle.question.answerTo', { nick })} placeholder={t('circle.question.answerPlaceholder')} value={c.body} onChange={(e) => actor.send({ type: 'draft.body', value: e.target.value })} />
      <footer>
        <button type="button" className={`${pill} ${primary} send`} disabled={sending || !canSendCircleDraft(c, c.what)} onClick={() => actor.send({ type: 'post.send' })} data-testid="answer-send">
          {sending ? t('circle.post.sending') : t('circle.question.answerSend')}
        </button>
      </footer>
      <RiskAndNotice actor={actor} />
    </li>
  )
}

function AskUsers({ momentId }: { momentId: number }) {
  const api = useCirclesApi()
  const users = useRead(api.askUsers(momentId))
  if (users.status !== 'ready' || users.data.list.length === 0) return null
  return (
    <section className={panel} aria-labelledby="ask-users">
      <h2 id="ask-users" className={panelTitle}>
        {t('circle.question.askTo')}
      </h2>
      <ul className={`${plainList} ${askUsers}`}>
        {users.data.list.map((u) => (
          <li key={u.id}>
            <Img src={u.avatar} alt="" width={32} height={32} />
            <Link href={`/user/${u.id}`}>{u.nick}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
