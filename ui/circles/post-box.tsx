// The post box of a financial circle (spec 001 §5 'Posting in circles', §8, §9): renders
// core/posting/circle-post-box.machine.ts and sends it events; it decides nothing. 45 px collapsed, 100 px
// open; images or files (never both) with previews and upload progress (cancel by removing); a title, tags,
// a topic of the circle, stock and portfolio references (searched 500 ms after typing stops); the
// risk-category modal (480 px) before sending; 已发布，内容审核中 after; the server's or the rule's message
// in the 温馨提示 dialog. The question form and the owner's answer box are the same machine (ask-form.tsx).
import { useId, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { css } from '@linaria/core'
import type { CircleTopic, MomentTag } from '../../core/api/circles'
import { IMAGE_EXTENSIONS, FILE_EXTENSIONS, MAX_FILES } from '../../core/validation/upload'
import { canSendCircleDraft, CIRCLE_IMAGES_MAX, CIRCLE_TITLE_MAX, POST_BOX_COLLAPSED_PX, POST_BOX_HEIGHT_PX, RISK_MODAL_WIDTH, type Attachment, type AttachmentKind } from '../../core/posting/circle-post'
import type { CirclePostBoxActor } from '../../core/posting/circle-post-box.machine'
import type { PickedFile } from '../../core/posting/draft-uploads'
import { debouncedKeywordMachine } from '../../core/search/debounced-keyword.machine'
import { inspect } from '../dev/inspector'
import { Modal } from '../common/modal'
import { ImageTile, NoticeBody, RemoveUpload, RiskChoiceBody, TopicRow, UploadProgress } from '../common/draft-parts'
import { useInvalidate, useRead } from '../common/use-read'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi, type Ref } from './api'
import { srOnly } from './circle-card'
import '../i18n/texts/circle'
import { outlineLook, plainListLook, dialogLook, filledLook } from '../styles/looks'

export const boxStyle = css`
  display: flex;
  flex-direction: column;
  gap: 10px;
  textarea,
  input[type='text'],
  select {
    box-sizing: border-box;
    width: 100%;
    padding: 8px 12px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    font: inherit;
    font-size: 14px;
    background: ${tokens.card};
    color: ${tokens.text};
  }
  textarea {
    height: ${String(POST_BOX_COLLAPSED_PX)}px;
    resize: vertical;
    transition: height 0.15s;
  }
  &[data-open='true'] textarea {
    height: ${String(POST_BOX_HEIGHT_PX)}px;
  }
  textarea:focus,
  input[type='text']:focus,
  select:focus {
    border-color: ${tokens.brand};
    outline: 2px solid ${tokens.brandTint};
  }
  .row {
    display: flex;
    align-items: center;
    gap: 10px;
  }
  .row > label,
  .row > .label {
    flex: none;
    width: 40px;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  .row > :not(label):not(.label) {
    flex: 1;
    min-width: 0;
  }
  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    ${plainListLook}
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    height: 24px;
    padding: 0 8px;
    ${outlineLook('12px')}
    font-size: 13px;
    cursor: pointer;
  }
  .chip[aria-pressed='true'],
  .chip.ref {
    border-color: ${tokens.link};
    background: ${tokens.infoBg};
    color: ${tokens.link};
  }
  .chip.ref button {
    border: 0;
    background: none;
    color: ${tokens.textSecondary};
    cursor: pointer;
    padding: 0 2px;
  }
  .hits {
    margin: 0 0 0 50px;
    padding: 0;
    list-style: none;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
  }
  .hits button {
    width: 100%;
    padding: 6px 10px;
    border: 0;
    background: none;
    text-align: left;
    cursor: pointer;
    font-size: 13px;
    color: ${tokens.text};
  }
  .hits button:hover {
    background: ${tokens.bg};
  }
  .hits small {
    margin-left: 6px;
    color: ${tokens.textMuted};
  }
  .images {
    display: grid;
    grid-template-columns: repeat(6, 1fr);
    gap: 8px;
    ${plainListLook}
  }
  .images li {
    position: relative;
    aspect-ratio: 1;
    border-radius: 6px;
    overflow: hidden;
    background: ${tokens.bg};
  }
  .images img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .files {
    ${plainListLook}
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  .files li {
    position: relative;
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 36px 6px 10px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    font-size: 13px;
  }
  .files .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .files progress {
    width: 120px;
  }
  .remove {
    position: absolute;
    top: 4px;
    right: 4px;
    width: 22px;
    height: 22px;
    padding: 0;
    ${filledLook('11px', tokens.scrim)}
    line-height: 22px;
    cursor: pointer;
  }
  .images .state {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    padding: 4px;
    background: ${tokens.scrim};
    color: ${tokens.onBrand};
    font-size: 12px;
  }
  progress {
    display: block;
    width: 100%;
    height: 6px;
    accent-color: ${tokens.brand};
  }
  .failed {
    color: ${tokens.brand};
    font-size: 12px;
  }
  footer {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  footer .pick {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  footer .count {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  footer .send {
    margin-left: auto;
  }
  .sent {
    margin: 0;
    color: ${tokens.success};
    font-size: 13px;
  }
`
const riskPanel = css`
  ${dialogLook(RISK_MODAL_WIDTH)}
  padding: 20px 24px;
  h2 {
    margin: 0 0 8px;
    font-size: 17px;
  }
  p {
    margin: 0 0 10px;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 0;
  }
  input {
    accent-color: ${tokens.brand};
  }
  .buttons {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
    margin-top: 14px;
  }
`

const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')
const FILE_ACCEPT = ['audio/*', ...FILE_EXTENSIONS.map((e) => `.${e}`)].join(',')

/** The post box of a circle the reader may post in: its machine for the box's life; the moments reload after each send. */
export function CirclePostBox({ momentId, tags, topics }: { momentId: number; tags: readonly MomentTag[]; topics: readonly CircleTopic[] }) {
  const api = useCirclesApi()
  const invalidate = useInvalidate()
  const [machine] = useState(() => api.postBox().provide({ actions: { announceSent: () => void invalidate('moment.') } }))
  const actor = useActorRef(machine, { input: { momentId, what: { kind: 'moment' } }, inspect })
  return <PostBoxView actor={actor} tags={tags} topics={topics} />
}

export function PostBoxView({ actor, tags, topics }: { actor: CirclePostBoxActor; tags: readonly MomentTag[]; topics: readonly CircleTopic[] }) {
  const c = useSelector(actor, (s) => s.context)
  const state = useSelector(actor, (s) => (s.matches('choosingRisk') ? 'choosingRisk' : s.matches('sending') ? 'sending' : s.matches('loadingRiskTips') ? 'loading' : 'editing'))
  const id = useId()
  const { images, files } = { images: c.attachments.filter((a) => a.kind === 'image'), files: c.attachments.filter((a) => a.kind === 'file') }
  const open = c.body !== '' || c.attachments.length > 0 || c.title !== ''
  const pick = (kind: AttachmentKind, list: FileList | null) => {
    if (!list?.length) return
    const picked: PickedFile[] = [...list].map((f) => ({ name: f.name, size: f.size, type: f.type, file: f, preview: kind === 'image' ? URL.createObjectURL(f) : '' }))
    actor.send({ type: 'attachments.pick', kind, files: picked })
  }
  return (
    <section className={boxStyle} data-open={open} aria-labelledby={`${id}-title`} data-testid="circle-post-box">
      <h2 id={`${id}-title`} className={srOnly}>
        {t('circle.post.title')}
      </h2>
      <textarea
        aria-label={t('circle.post.label')}
        placeholder={t('circle.post.placeholder')}
        value={c.body}
        onChange={(e) => actor.send({ type: 'draft.body', value: e.target.value })}
        data-testid="circle-post-body"
      />
      {open ? (
        <>
          <input type="text" aria-label={t('circle.post.titleLabel')} placeholder={t('circle.post.titleLabel')} value={c.title} maxLength={CIRCLE_TITLE_MAX} onChange={(e) => actor.send({ type: 'draft.title', value: e.target.value })} />
          {tags.length ? (
            <div className="row">
              <span className="label" id={`${id}-tags`}>
                {t('circle.post.tags')}
              </span>
              <ul className="chips" aria-labelledby={`${id}-tags`}>
                {tags.map((tag) => (
                  <li key={tag.tagId}>
                    <button type="button" className="chip" aria-pressed={c.tagIds.includes(tag.tagId)} onClick={() => actor.send({ type: 'draft.tag', tagId: tag.tagId })}>
                      {tag.tagName}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {topics.length ? <TopicRow texts="circle.post" topics={topics} chosen={c.topic} onChoose={(topic) => actor.send({ type: 'draft.topic', topic })} /> : null}
          <RefPicker
            kind="stock"
            chosen={c.stocks}
            onAdd={(x) => actor.send({ type: 'stock.add', stock: x })}
            onRemove={(code) => actor.send({ type: 'stock.remove', code })}
          />
          <RefPicker
            kind="portfolio"
            chosen={c.portfolios}
            onAdd={(x) => actor.send({ type: 'portfolioRef.add', portfolio: x })}
            onRemove={(code) => actor.send({ type: 'portfolioRef.remove', code })}
          />
        </>
      ) : null}
      {images.length ? (
        <ul className="images" aria-label={t('circle.post.addImages')}>
          {images.map((a) => (
            <ImageTile key={a.key} item={a} texts="circle.post" testId="circle-draft-image" onRemove={() => actor.send({ type: 'attachment.remove', key: a.key })} />
          ))}
        </ul>
      ) : null}
      {files.length ? (
        <ul className="files" aria-label={t('circle.post.addFiles')}>
          {files.map((a) => (
            <FileRow key={a.key} item={a} onRemove={() => actor.send({ type: 'attachment.remove', key: a.key })} />
          ))}
        </ul>
      ) : null}
      <footer>
        <label className={`${pill} pick`}>
          {t('circle.post.addImages')}
          <input type="file" accept={IMAGE_ACCEPT} multiple className={srOnly} data-testid="circle-image-input" onChange={(e) => (pick('image', e.target.files), (e.target.value = ''))} />
        </label>
        <label className={`${pill} pick`}>
          {t('circle.post.addFiles')}
          <input type="file" accept={FILE_ACCEPT} multiple className={srOnly} data-testid="circle-file-input" onChange={(e) => (pick('file', e.target.files), (e.target.value = ''))} />
        </label>
        <span className="count">
          {files.length ? t('circle.post.fileCount', { n: files.length, max: MAX_FILES }) : t('circle.post.imageCount', { n: images.length, max: CIRCLE_IMAGES_MAX })}
        </span>
        <button
          type="button"
          className={`${pill} ${primary} send`}
          disabled={state !== 'editing' || !canSendCircleDraft(c, c.what)}
          onClick={() => actor.send({ type: 'post.send' })}
          data-testid="circle-post-send"
        >
          {state === 'sending' ? t('circle.post.sending') : t('circle.post.send')}
        </button>
      </footer>
      {c.sent > 0 && !open ? (
        <p className="sent" role="status" data-testid="circle-post-sent">
          {t('circle.post.published')}
        </p>
      ) : null}
      <RiskAndNotice actor={actor} />
    </section>
  )
}

/** The risk-category modal (spec 001 §9: 480 px) and the 温馨提示 dialog (spec 001 §8) of a box. */
export function RiskAndNotice({ actor }: { actor: CirclePostBoxActor }) {
  const choosing = useSelector(actor, (s) => s.matches('choosingRisk'))
  const c = useSelector(actor, (s) => s.context)
  const id = useId()
  if (choosing)
    return (
      <Modal labelledBy={id} onEscape={() => actor.send({ type: 'risk.cancel' })} className={riskPanel} testId="circle-risk-modal">
        <RiskChoiceBody texts="circle.post" titleId={id} draft={c} send={actor.send} confirmTestId="circle-risk-confirm" />
      </Modal>
    )
  if (c.notice !== null)
    return (
      <Modal labelledBy={id} onEscape={() => actor.send({ type: 'notice.close' })} className={riskPanel} testId="circle-notice">
        <NoticeBody texts="circle.post" titleId={id} message={c.notice} send={actor.send} messageTestId="circle-notice-message" />
      </Modal>
    )
  return null
}

function FileRow({ item, onRemove }: { item: Attachment; onRemove: () => void }) {
  return (
    <li data-testid="circle-draft-file" data-status={item.status}>
      <span className="name">{item.name}</span>
      {item.status === 'uploading' ? (
        <UploadProgress item={item} texts="circle.post" />
      ) : item.status === 'failed' ? (
        <span className="failed" role="alert">
          {item.error || t('circle.post.uploadFailed')}
        </span>
      ) : null}
      <RemoveUpload item={item} texts="circle.post" onRemove={onRemove} />
    </li>
  )
}

/** A stock or portfolio reference: typed, searched 500 ms after the last key (core's debounced keyword), chosen from the hits. */
function RefPicker({ kind, chosen, onAdd, onRemove }: { kind: 'stock' | 'portfolio'; chosen: readonly Ref[]; onAdd: (r: Ref) => void; onRemove: (code: string) => void }) {
  const box = useActorRef(debouncedKeywordMachine, { input: {}, inspect })
  const text = useSelector(box, (s) => s.context.text)
  const keyword = useSelector(box, (s) => s.context.keyword)
  const id = useId()
  const label = kind === 'stock' ? t('circle.post.stocks') : t('circle.post.portfolios')
  return (
    <>
      <div className="row">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="text"
          value={text}
          maxLength={20}
          autoComplete="off"
          placeholder={kind === 'stock' ? t('circle.post.stockPlaceholder') : t('circle.post.portfolioPlaceholder')}
          onChange={(e) => box.send({ type: 'text.change', value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              box.send({ type: 'text.submit' })
            }
          }}
          data-testid={`circle-${kind}-search`}
        />
      </div>
      {keyword ? <RefHits key={keyword} kind={kind} keyword={keyword} label={label} onPick={(r) => (onAdd(r), box.send({ type: 'text.clear' }))} /> : null}
      {chosen.length ? (
        <ul className="chips" aria-label={label}>
          {chosen.map((r) => (
            <li key={r.code} className="chip ref" data-testid={`circle-${kind}-chip`}>
              {kind === 'stock' ? `$${r.name}$` : r.name}
              <button type="button" aria-label={t('circle.post.stockRemove', { name: r.name })} onClick={() => onRemove(r.code)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

function RefHits({ kind, keyword, label, onPick }: { kind: 'stock' | 'portfolio'; keyword: string; label: string; onPick: (r: Ref) => void }) {
  const api = useCirclesApi()
  const hits = useRead(kind === 'stock' ? api.stockRefs(keyword) : api.portfolioRefs(keyword))
  if (hits.status !== 'ready' || hits.data.length === 0) return null
  return (
    <ul className="hits" aria-label={label}>
      {hits.data.map((h) => (
        <li key={h.code}>
          <button type="button" onClick={() => onPick(h)}>
            {h.name}
            <small>{h.code}</small>
          </button>
        </li>
      ))}
    </ul>
  )
}
