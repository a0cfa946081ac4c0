// The attestation screens (spec 001 §2 'Attestation screens', §4 'Attestation steps') on the core
// machine (core/attestation/attestation.machine.ts): the view renders the machine's step and sends
// its events; it decides nothing. `AttestationView` takes the actor, so the order dialog can mount
// the same screens on its own attestation page.
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { attestationMachine } from '../../../core/attestation/attestation.machine'
import { answerLabel } from '../../../core/attestation/attestation-rules'
import { formatDate } from '../../../core/format/date-time'
import { Failed, Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { RealNameForm } from './real-name-form'
import { actions, mainButton, question as questionClass, resultCard, secondButton, stepsBar } from './styles'
import '../../i18n/texts/attestation'

export type AttestationActor = ActorRefFrom<typeof attestationMachine>

/** Which of the four stages the reader is in (the bar at the top). */
export type Stage = 0 | 1 | 2 | 3
const STAGES = ['attestation.steps.realName', 'attestation.steps.risk', 'attestation.steps.result', 'attestation.steps.allocation'] as const

export function StepsBar({ stage }: { stage: Stage }) {
  return (
    <ol className={stepsBar} aria-label={t('attestation.stepsLabel')}>
      {STAGES.map((key, i) => (
        <li key={key} aria-current={i === stage ? 'step' : undefined} data-state={i < stage ? 'done' : undefined}>
          {t(key)}
        </li>
      ))}
    </ol>
  )
}

function Intro({ actor }: { actor: AttestationActor }) {
  return (
    <section aria-labelledby="att-intro">
      <h2 id="att-intro">{t('attestation.intro.title')}</h2>
      <p>{t('attestation.intro.text')}</p>
      <div className={actions}>
        <button type="button" className={mainButton} onClick={() => actor.send({ type: 'step.next' })}>
          {t('attestation.intro.go')}
        </button>
      </div>
    </section>
  )
}

function Notice({ actor }: { actor: AttestationActor }) {
  return (
    <section aria-labelledby="att-notice">
      <h2 id="att-notice">{t('attestation.notice.title')}</h2>
      <p>{t('attestation.notice.text')}</p>
      <p>{t('attestation.notice.disclaimer')}</p>
      <div className={actions}>
        <button type="button" className={mainButton} onClick={() => actor.send({ type: 'step.next' })}>
          {t('attestation.notice.start')}
        </button>
      </div>
    </section>
  )
}

function Questions({ actor }: { actor: AttestationActor }) {
  const loading = useSelector(actor, (s) => s.matches({ questions: 'loading' }))
  const failed = useSelector(actor, (s) => s.matches({ questions: 'failed' }))
  const submitting = useSelector(actor, (s) => s.matches({ questions: 'submitting' }))
  const set = useSelector(actor, (s) => s.context.questionSet)
  const index = useSelector(actor, (s) => s.context.index)
  const answers = useSelector(actor, (s) => s.context.answers)
  const error = useSelector(actor, (s) => s.context.error)
  if (loading) return <Loading rows={3} />
  if (failed || !set) return <Failed message={error} onRetry={() => actor.send({ type: 'attestation.retry' })} />
  if (submitting) return <p role="status">{t('attestation.questions.submitting')}</p>
  const q = set.questions[index]
  if (!q) return null
  return (
    <section className={questionClass} aria-labelledby="att-question">
      <div className="progress">{t('attestation.questions.progress', { n: index + 1, total: set.questions.length })}</div>
      <h2 id="att-question">{q.title}</h2>
      <ol aria-labelledby="att-question">
        {q.options.map((o, i) => (
          <li key={o.id}>
            <button type="button" aria-pressed={answers[q.id] === o.id} onClick={() => actor.send({ type: 'answer.choose', optionId: o.id })}>
              <b>{answerLabel(i)}</b>{' '}
              <span>{o.description}</span>
            </button>
          </li>
        ))}
      </ol>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {/* spec 001 §4: a previous-question button appears after the first */}
      {index > 0 ? (
        <div className={actions}>
          <button type="button" className={secondButton} onClick={() => actor.send({ type: 'question.previous' })}>
            {t('attestation.questions.previous')}
          </button>
        </div>
      ) : null}
    </section>
  )
}

function Result({ actor }: { actor: AttestationActor }) {
  const result = useSelector(actor, (s) => s.context.riskResult)
  if (!result) return null
  return (
    <section className={resultCard} aria-labelledby="att-result">
      <h2 id="att-result">{t('attestation.result.title')}</h2>
      <div className="type" data-testid="risk-type">{result.evaluationType}</div>
      {/* spec 001 §9: risk result expiry shown YYYY-MM-DD */}
      <div className="expiry">{t('attestation.result.expiry', { date: formatDate(result.expireTimestamp) })}</div>
      <p className="desc">{result.description}</p>
      <p className="disclaimer">{t('attestation.result.disclaimer')}</p>
      <div className={actions}>
        <button type="button" className={secondButton} onClick={() => actor.send({ type: 'result.retake' })}>
          {t('attestation.result.retake')}
        </button>
        <button type="button" className={mainButton} onClick={() => actor.send({ type: 'step.next' })}>
          {t('attestation.result.advice')}
        </button>
      </div>
    </section>
  )
}

function Submitted() {
  return (
    <section aria-labelledby="att-submitted">
      <h2 id="att-submitted">{t('attestation.submitted.title')}</h2>
      <p>{t('attestation.submitted.text')}</p>
    </section>
  )
}

/** The stage of the bar for a machine state (the view's only mapping; the machine holds the step). */
function useStage(actor: AttestationActor): Stage {
  return useSelector(actor, (s) => {
    if (s.status === 'done') return 3
    if (s.matches('result')) return 2
    if (s.matches('notice') || s.matches('questions')) return 1
    return 0
  })
}

export function AttestationView({ actor, phone, countryCode, done }: {
  actor: AttestationActor
  /** the reader's phone, masked (spec 001 §5: shown masked and read-only) */
  phone: string
  countryCode: string
  /** what shows once the machine is done (attestationSuccess): the asset-allocation advice */
  done: (resultId: number) => ReactNode
}) {
  const stage = useStage(actor)
  const value = useSelector(actor, (s) => (s.status === 'done' ? 'done' : typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!))
  const resultId = useSelector(actor, (s) => s.output?.resultId ?? null)
  const error = useSelector(actor, (s) => s.context.error)
  let body: ReactNode
  switch (value) {
    case 'loading':
    case 'opening':
      body = <Loading rows={3} />
      break
    case 'loadFailed':
      body = <Failed message={error} onRetry={() => actor.send({ type: 'attestation.retry' })} />
      break
    case 'intro':
      body = <Intro actor={actor} />
      break
    case 'realName':
      body = <RealNameForm actor={actor} phone={phone} countryCode={countryCode} />
      break
    case 'notice':
      body = <Notice actor={actor} />
      break
    case 'questions':
      body = <Questions actor={actor} />
      break
    case 'result':
      body = <Result actor={actor} />
      break
    case 'submitted':
      body = <Submitted />
      break
    default:
      body = resultId === null ? null : done(resultId)
  }
  return (
    <>
      <StepsBar stage={stage} />
      {body}
    </>
  )
}
