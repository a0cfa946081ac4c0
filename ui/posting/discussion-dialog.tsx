// The discussion dialog (spec 000 §2 post action; §5, §8, §9): renders
// core/posting/discussion-dialog.machine.ts and sends it events; it decides nothing. 692 px wide,
// up to 9 images with previews and upload progress (cancel by removing), a topic, stock references,
// the risk-category modal before sending, 已发布<br>内容审核中 on success, the server's message in
// the 温馨提示 dialog otherwise. Loaded only when the reader opens it (ui/posting/post-action.tsx).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { css } from '@linaria/core'
import type { Topic } from '../../core/api/reading-community'
import { canSendDiscussion, DISCUSSION_DIALOG_WIDTH, type StockRef } from '../../core/posting/discussion'
import type { DiscussionDialogActor } from '../../core/posting/discussion-dialog.machine'
import type { PickedFile } from '../../core/posting/draft-uploads'
import { ImageTile, NoticeBody, RiskChoiceBody, TopicRow } from '../common/draft-parts'
import { POST_IMAGE_MAX, POST_TITLE_MAX } from '../../core/posting/limits'
import { Modal } from '../common/modal'
import { useSessionActor } from '../common/session'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { usePostingApi } from './api'
import { useTypedSearch } from '../common/use-typed-search'
import { useRead } from '../common/use-read'
import '../i18n/texts/posting'
import { dialogLook } from '../styles/looks'

const panel = css`
  position: relative;
  ${dialogLook(DISCUSSION_DIALOG_WIDTH)}
  max-height: calc(100vh - 40px);
  overflow: auto;
  padding: 20px 24px;
  header { display: flex; align-items: center; justify-content: space-between; margin-bottom: 12px; }
  h2 { margin: 0; font-size: 18px; }
  input[type='text'], textarea, select { width: 100%; box-sizing: border-box; border: 1px solid ${tokens.border}; border-radius: 6px; padding: 8px 10px; font-size: 14px; font-family: inherit; }
  textarea { height: 140px; resize: vertical; margin-top: 10px; }
  .row { display: flex; gap: 10px; align-items: center; margin-top: 10px; }
  .row > label { flex: none; width: 40px; color: ${tokens.textSecondary}; font-size: 14px; }
  .chips { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
  .chip { display: inline-flex; align-items: center; gap: 4px; padding: 2px 8px; border-radius: 12px; background: ${tokens.infoBg}; color: ${tokens.link}; font-size: 13px; }
  .chip button { border: 0; background: none; color: ${tokens.textSecondary}; cursor: pointer; padding: 0 2px; }
  .hits { list-style: none; margin: 4px 0 0 50px; padding: 0; border: 1px solid ${tokens.border}; border-radius: 6px; }
  .hits button { width: 100%; text-align: left; border: 0; background: none; padding: 6px 10px; cursor: pointer; }
  .hits button:hover { background: ${tokens.bg}; }
  .images { display: grid; grid-template-columns: repeat(5, 1fr); gap: 8px; margin-top: 12px; list-style: none; padding: 0; }
  .images li { position: relative; aspect-ratio: 1; border-radius: 6px; overflow: hidden; background: ${tokens.bg}; }
  .images img { width: 100%; height: 100%; object-fit: cover; display: block; }
  .images .remove { position: absolute; top: 4px; right: 4px; width: 22px; height: 22px; border-radius: 11px; border: 0; background: ${tokens.scrim}; color: ${tokens.onBrand}; cursor: pointer; line-height: 22px; padding: 0; }
  .images .state { position: absolute; left: 0; right: 0; bottom: 0; padding: 4px; background: ${tokens.scrim}; color: ${tokens.onBrand}; font-size: 12px; }
  .images progress { width: 100%; height: 6px; display: block; accent-color: ${tokens.brand}; }
  footer { display: flex; align-items: center; justify-content: space-between; margin-top: 16px; }
  .pick { display: inline-flex; align-items: center; gap: 6px; }
  .count { color: ${tokens.textMuted}; font-size: 13px; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`
const done = css`
  text-align: center;
  padding: 36px 0 12px;
  p { font-size: 18px; line-height: 1.8; margin: 0 0 20px; }
`
/** the risk-category modal and the 温馨提示 dialog: inside the panel, over the inert form */
const inner = css`
  position: absolute;
  inset: 0;
  background: ${tokens.scrimLight};
  display: flex;
  align-items: center;
  justify-content: center;
  > div { width: 360px; max-width: 90%; background: ${tokens.card}; border-radius: ${tokens.radius}; box-shadow: 0 6px 24px ${tokens.shadow}; padding: 20px; }
  h2 { margin: 0 0 12px; font-size: 16px; }
  p { margin: 0 0 8px; color: ${tokens.textSecondary}; font-size: 13px; }
  label { display: flex; gap: 8px; padding: 6px 0; align-items: flex-start; }
  small { display: block; color: ${tokens.textMuted}; }
  .buttons { display: flex; justify-content: flex-end; gap: 8px; margin-top: 14px; }
`

function InnerDialog({ children }: { children: (titleId: string) => ReactNode }) {
  const id = useId()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input,button:not([disabled])')?.focus()
  }, [])
  return (
    <div className={inner}>
      <div ref={ref} role="alertdialog" aria-modal="true" aria-labelledby={id}>
        {children(id)}
      </div>
    </div>
  )
}

function StockPicker({ stocks, onAdd, onRemove }: { stocks: readonly StockRef[]; onAdd: (s: StockRef) => void; onRemove: (code: string) => void }) {
  const calls = usePostingApi()
  const box = useTypedSearch(calls.searchStocks, 300)
  const hits = box.hits ?? []
  const id = useId()
  return (
    <>
      <div className="row">
        <label htmlFor={id}>{t('posting.dialog.stocks')}</label>
        <input id={id} type="text" value={box.text} placeholder={t('posting.dialog.stockPlaceholder')} onChange={(e) => box.type(e.target.value)} autoComplete="off" />
      </div>
      {hits.length ? (
        <ul className="hits" aria-label={t('posting.dialog.stocks')}>
          {hits.map((h) => (
            <li key={h.code}>
              <button
                type="button"
                onClick={() => {
                  onAdd(h)
                  box.clear()
                }}
              >
                {h.name} <span style={{ color: tokens.textMuted }}>{h.code}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {stocks.length ? (
        <div className="chips">
          {stocks.map((s) => (
            <span key={s.code} className="chip" data-testid="stock-chip">
              ${s.name}$
              <button type="button" aria-label={t('posting.dialog.stockRemove', { name: s.name })} onClick={() => onRemove(s.code)}>
                ×
              </button>
            </span>
          ))}
        </div>
      ) : null}
    </>
  )
}

export function DiscussionDialog({ actor }: { actor: DiscussionDialogActor }) {
  const calls = usePostingApi()
  const state = useSelector(actor, (s) => (s.matches('editing') ? 'editing' : s.matches('choosingRisk') ? 'choosingRisk' : s.matches('sending') ? 'sending' : s.matches('published') ? 'published' : 'closed'))
  const c = useSelector(actor, (s) => s.context)
  const topics: readonly Topic[] = useRead(calls.hotTopics()).data ?? []
  const titleId = useId()
  if (state === 'closed') return null
  const close = () => actor.send({ type: 'post.close' })
  const pick = (list: FileList | null) => {
    if (!list?.length) return
    const files: PickedFile[] = [...list].map((f) => ({ name: f.name, size: f.size, type: f.type, file: f, preview: URL.createObjectURL(f) }))
    actor.send({ type: 'images.pick', files })
  }
  const blocked = state === 'choosingRisk' || c.notice !== null
  return (
    <Modal labelledBy={titleId} onEscape={blocked ? undefined : close} className={panel} testId="discussion-dialog">
      {state === 'published' ? (
        <div className={done} role="status">
          <h2 id={titleId} className="visually-hidden">{t('posting.dialog.title')}</h2>
          <p data-testid="published">
            {t('posting.dialog.publishedLine1')}
            <br />
            {t('posting.dialog.publishedLine2')}
          </p>
          <button type="button" className={`${pill} ${primary}`} onClick={close}>
            {t('posting.dialog.ok')}
          </button>
        </div>
      ) : (
        <>
          <div inert={blocked}>
            <header>
              <h2 id={titleId}>{t('posting.dialog.title')}</h2>
              <button type="button" className={pill} onClick={close}>
                {t('posting.dialog.close')}
              </button>
            </header>
            <input type="text" aria-label={t('posting.dialog.titleLabel')} placeholder={t('posting.dialog.titlePlaceholder')} value={c.title} maxLength={POST_TITLE_MAX} onChange={(e) => actor.send({ type: 'draft.title', value: e.target.value })} />
            <textarea aria-label={t('posting.dialog.bodyLabel')} placeholder={t('posting.dialog.bodyPlaceholder')} value={c.body} onChange={(e) => actor.send({ type: 'draft.body', value: e.target.value })} data-testid="post-body" />
            <TopicRow texts="posting.dialog" topics={topics} chosen={c.topic} onChoose={(topic) => actor.send({ type: 'draft.topic', topic })} />
            <StockPicker stocks={c.stocks} onAdd={(stock) => actor.send({ type: 'stock.add', stock })} onRemove={(code) => actor.send({ type: 'stock.remove', code })} />
            {c.images.length ? (
              <ul className="images" aria-label={t('posting.dialog.images')}>
                {c.images.map((img) => (
                  <ImageTile key={img.key} item={img} texts="posting.dialog" testId="draft-image" onRemove={() => actor.send({ type: 'image.remove', key: img.key })} />
                ))}
              </ul>
            ) : null}
            <footer>
              <span className="pick">
                <label className={pill} style={{ display: 'inline-flex', alignItems: 'center' }}>
                  {t('posting.dialog.addImages')}
                  <input
                    type="file"
                    accept=".jpg,.jpeg,.png,.gif"
                    multiple
                    className="visually-hidden"
                    data-testid="image-input"
                    onChange={(e) => {
                      pick(e.target.files)
                      e.target.value = ''
                    }}
                  />
                </label>
                <span className="count">{t('posting.dialog.imageCount', { n: c.images.length, max: POST_IMAGE_MAX })}</span>
              </span>
              <button type="button" className={`${pill} ${primary}`} disabled={state === 'sending' || !canSendDiscussion(c)} onClick={() => actor.send({ type: 'post.send' })} data-testid="post-send">
                {state === 'sending' ? t('posting.dialog.sending') : t('posting.dialog.send')}
              </button>
            </footer>
          </div>
          {state === 'choosingRisk' ? (
            <InnerDialog>
              {(id) => (
                <RiskChoiceBody texts="posting.dialog" titleId={id} draft={c} send={actor.send} confirmTestId="risk-confirm" />
              )}
            </InnerDialog>
          ) : c.notice !== null ? (
            <InnerDialog>{(id) => <NoticeBody texts="posting.dialog" titleId={id} message={c.notice ?? ''} send={actor.send} messageTestId="notice-message" />}</InnerDialog>
          ) : null}
        </>
      )}
    </Modal>
  )
}

/** The dialog with its actor: opened on mount (guests get the login dialog first); `onClosed` once it closes. */
export default function DiscussionDialogHost({ onClosed }: { onClosed: () => void }) {
  const calls = usePostingApi()
  const session = useSessionActor()
  const [machine] = useState(() => calls.discussionDialog(session))
  const actor = useActorRef(machine, { inspect })
  const closed = useSelector(actor, (s) => s.matches('closed'))
  // opened once on mount (a second post.open while it opens is ignored by the machine); closed again → gone
  const wasOpen = useRef(false)
  useEffect(() => {
    if (!closed) {
      wasOpen.current = true
      return
    }
    if (wasOpen.current) onClosed()
    else actor.send({ type: 'post.open' })
  }, [actor, closed, onClosed])
  return <DiscussionDialog actor={actor} />
}
