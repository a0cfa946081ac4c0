// The view parts the discussion dialog (ui/posting/discussion-dialog.tsx) and the circle post box
// (ui/circles/post-box.tsx) share: an image tile with its upload progress, the topic row, and the bodies
// of the risk-category modal and the 温馨提示 dialog. Each takes its texts' namespace, so each box keeps
// its own words; they render and send, deciding nothing.
import { useId } from 'react'
import type { DraftUpload } from '../../core/posting/draft-uploads'
import type { RiskChoice } from '../../core/posting/draft-steps'
import type { TopicChoice } from '../../core/posting/discussion'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'

/** Whose texts a part shows: the discussion dialog's or the circle post box's. */
export type DraftTexts = 'posting.dialog' | 'circle.post'

export function UploadProgress({ item, texts }: { item: DraftUpload; texts: DraftTexts }) {
  const pct = item.total > 0 ? Math.round((item.loaded / item.total) * 100) : 0
  return <progress max={100} value={pct} aria-label={t(`${texts}.uploadProgress`, { name: item.name })} />
}

/** The × that cancels an upload in flight or removes what was uploaded. */
export function RemoveUpload({ item, texts, onRemove }: { item: DraftUpload; texts: DraftTexts; onRemove: () => void }) {
  const label = item.status === 'uploading' ? t(`${texts}.cancelUpload`, { name: item.name }) : t(`${texts}.remove`, { name: item.name })
  return (
    <button type="button" className="remove" onClick={onRemove} aria-label={label}>
      ×
    </button>
  )
}

/** A picked image: its preview, its progress bar while it uploads or why it failed, and its ×. */
export function ImageTile({ item, texts, onRemove, testId }: { item: DraftUpload; texts: DraftTexts; onRemove: () => void; testId: string }) {
  return (
    <li data-testid={testId} data-status={item.status}>
      <img src={item.preview} alt={item.name} />
      {item.status === 'uploading' ? (
        <div className="state">
          <UploadProgress item={item} texts={texts} />
        </div>
      ) : item.status === 'failed' ? (
        <div className="state" role="alert">
          {item.error || t(`${texts}.uploadFailed`)}
        </div>
      ) : null}
      <RemoveUpload item={item} texts={texts} onRemove={onRemove} />
    </li>
  )
}

/** The topic row: a select of the topics offered, or none. */
export function TopicRow({ texts, topics, chosen, onChoose }: { texts: DraftTexts; topics: readonly TopicChoice[]; chosen: TopicChoice | null; onChoose: (topic: TopicChoice | null) => void }) {
  const id = useId()
  return (
    <div className="row">
      <label htmlFor={id}>{t(`${texts}.topic`)}</label>
      <select
        id={id}
        value={chosen?.topicId ?? ''}
        onChange={(e) => {
          const tp = topics.find((x) => x.topicId === Number(e.target.value))
          onChoose(tp ? { topicId: tp.topicId, topicName: tp.topicName } : null)
        }}
      >
        <option value="">{t(`${texts}.noTopic`)}</option>
        {topics.map((tp) => (
          <option key={tp.topicId} value={tp.topicId}>
            #{tp.topicName}#
          </option>
        ))}
      </select>
    </div>
  )
}

type RiskSend = (e: { type: 'risk.choose'; id: number } | { type: 'risk.cancel' } | { type: 'risk.confirm' } | { type: 'notice.close' }) => void

/** The risk-category modal's content: its title, the categories as radios, 取消 and 确定 (once one is chosen). */
export function RiskChoiceBody({ texts, titleId, draft, send, confirmTestId }: { texts: DraftTexts; titleId: string; draft: RiskChoice; send: RiskSend; confirmTestId: string }) {
  return (
    <>
      <h2 id={titleId}>{t(`${texts}.riskTitle`)}</h2>
      <p>{t(`${texts}.riskHint`)}</p>
      <div role="radiogroup" aria-labelledby={titleId}>
        {draft.riskTips.map((r) => (
          <label key={r.id}>
            <input type="radio" name={`${titleId}-risk`} checked={draft.riskTipId === r.id} onChange={() => send({ type: 'risk.choose', id: r.id })} />
            <span>{r.name}</span>
          </label>
        ))}
      </div>
      <div className="buttons">
        <button type="button" className={pill} onClick={() => send({ type: 'risk.cancel' })}>
          {t(`${texts}.cancel`)}
        </button>
        <button type="button" className={`${pill} ${primary}`} disabled={draft.riskTipId === null} onClick={() => send({ type: 'risk.confirm' })} data-testid={confirmTestId}>
          {t(`${texts}.confirm`)}
        </button>
      </div>
    </>
  )
}

/** The 温馨提示 dialog's content: the message and 我知道了. */
export function NoticeBody({ texts, titleId, message, send, messageTestId }: { texts: DraftTexts; titleId: string; message: string; send: RiskSend; messageTestId: string }) {
  return (
    <>
      <h2 id={titleId}>{t(`${texts}.notice`)}</h2>
      <p data-testid={messageTestId}>{message}</p>
      <div className="buttons">
        <button type="button" className={`${pill} ${primary}`} onClick={() => send({ type: 'notice.close' })}>
          {t(`${texts}.ok`)}
        </button>
      </div>
    </>
  )
}
