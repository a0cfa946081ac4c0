// The long-article editor at /articleCreate/norpub.html (spec 000 §2 post action; §3 rich-text tokens and
// draft fields; §5 link dialog, image and body rules; §9 link dialog 460 px). It renders
// core/posting/article-editor.machine.ts and sends it events; it decides nothing. The body is text runs
// with stocks, links and images placed between them; the preview is the tokens as the server renders
// them, through the one sanitiser. ?draftId= reopens a draft (from /my/publish's 草稿箱). A lazy chunk:
// the home page never loads it. Guests see the not-logged-in panel.
import { useEffect, useId, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { Link, useSearch } from 'wouter'
import { css } from '@linaria/core'
import type { ArticleEditorContext } from '../../core/posting/article-editor.machine'
import { POST_TITLE_MAX } from '../../core/posting/limits'
import { renderTokens, type RichToken } from '../../core/posting/rich-text'
import { parseRouteId } from '../../core/validation/route-id'
import type { StockRef } from '../../core/posting/discussion'
import { Modal } from '../common/modal'
import { NotLoggedIn } from '../common/my-layout'
import { usePageTitle } from '../common/page-title'
import { RichHtml } from '../common/rich-html'
import { useSession } from '../common/session'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { usePostingApi } from './api'
import type { Read } from '../common/use-read'
import { useTypedSearch } from '../common/use-typed-search'
import '../i18n/texts/posting'
import { dialogLook } from '../styles/looks'

/** spec 000 §9: link dialog 460 px */
const LINK_DIALOG_WIDTH = 460

const page = css`
  background: ${tokens.card};
  border-radius: 8px;
  padding: 24px 32px 32px;
  h1 { font-size: 20px; margin: 0 0 16px; }
  .title { width: 100%; box-sizing: border-box; border: 0; border-bottom: 1px solid ${tokens.border}; font-size: 22px; font-weight: 600; padding: 10px 0; font-family: inherit; }
  .title:focus { outline: 2px solid ${tokens.brand}; outline-offset: 2px; }
  .toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 14px 0; padding: 8px 0; border-bottom: 1px solid ${tokens.border}; }
  .toolbar input[type='text'] { height: 32px; border: 1px solid ${tokens.border}; border-radius: 6px; padding: 0 10px; width: 220px; font-size: 14px; }
  .hits { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
  .hits button { border: 1px solid ${tokens.border}; background: ${tokens.card}; border-radius: 14px; padding: 3px 10px; cursor: pointer; font-size: 13px; }
  .body { display: flex; flex-direction: column; gap: 8px; }
  .body textarea { width: 100%; box-sizing: border-box; min-height: 120px; border: 1px solid ${tokens.border}; border-radius: 6px; padding: 10px 12px; font-size: 15px; line-height: 1.8; font-family: inherit; resize: vertical; }
  .token { align-self: flex-start; display: inline-flex; align-items: center; gap: 6px; padding: 4px 10px; border-radius: 14px; background: ${tokens.infoBg}; color: ${tokens.link}; font-size: 14px; max-width: 100%; word-break: break-all; }
  .token img { max-height: 120px; max-width: 320px; border-radius: 4px; display: block; }
  .token button { border: 0; background: none; color: ${tokens.textSecondary}; cursor: pointer; font-size: 13px; }
  .preview { font-size: 15px; line-height: 1.8; min-height: 200px; word-break: break-word; }
  .preview img { max-width: 100%; }
  footer { display: flex; gap: 12px; align-items: center; justify-content: flex-end; margin-top: 20px; }
  .saved { color: ${tokens.textMuted}; font-size: 13px; margin-right: auto; }
`
const dialog = css`
  ${dialogLook(LINK_DIALOG_WIDTH)}
  padding: 20px 24px;
  h2 { margin: 0 0 12px; font-size: 17px; }
  label { display: block; margin: 10px 0 4px; font-size: 13px; color: ${tokens.textSecondary}; }
  input { width: 100%; box-sizing: border-box; height: 36px; border: 1px solid ${tokens.border}; border-radius: 6px; padding: 0 10px; font-size: 14px; }
  .error { color: ${tokens.brand}; font-size: 13px; margin: 8px 0 0; }
  .actions { display: flex; justify-content: flex-end; gap: 10px; margin-top: 18px; }
`

type EditorActor = ReturnType<typeof useEditorActor>
function useEditorActor() {
  const calls = usePostingApi()
  const machine = useMemo(() => calls.articleEditor(), [calls])
  return useActorRef(machine, { inspect })
}

const tokenLabel = (tok: RichToken): string => {
  switch (tok.type) {
    case 'stock':
      return `$${tok.name}$`
    case 'mention':
      return `@${tok.nick}`
    case 'portfolio':
      return tok.name
    case 'link':
      return tok.text
    case 'image':
      return t('posting.editor.imageToken')
    case 'text':
      return tok.text
  }
}

/**
 * A search box whose hits are buttons that place a token: stocks by name or code, readers by nick.
 * Asks 300 ms after the last keystroke; a newer keyword's answer replaces an older one.
 */
function TokenSearch<T>({ label, placeholder, search, keyOf, textOf, onPick, testId }: { label: string; placeholder: string; search: (keyword: string) => Read<T[]>; keyOf: (hit: T) => string; textOf: (hit: T) => string; onPick: (hit: T) => void; testId: string }) {
  const box = useTypedSearch(search, 300)
  const hits = box.hits ?? []
  return (
    <>
      <input type="text" aria-label={label} placeholder={placeholder} value={box.text} onChange={(e) => box.type(e.target.value)} autoComplete="off" data-testid={testId} />
      {hits.length ? (
        <ul className="hits" aria-label={label}>
          {hits.map((h) => (
            <li key={keyOf(h)}>
              <button
                type="button"
                onClick={() => {
                  onPick(h)
                  box.clear()
                }}
              >
                {textOf(h)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

function LinkDialog({ actor, link }: { actor: EditorActor; link: NonNullable<ArticleEditorContext['link']> }) {
  const id = useId()
  return (
    <Modal labelledBy={`${id}-h`} onEscape={() => actor.send({ type: 'link.cancel' })} className={dialog} testId="link-dialog">
      <h2 id={`${id}-h`}>{t('posting.editor.linkTitle')}</h2>
      <label htmlFor={`${id}-url`}>{t('posting.editor.linkUrl')}</label>
      <input id={`${id}-url`} type="text" value={link.url} placeholder={t('posting.editor.linkUrlPlaceholder')} onChange={(e) => actor.send({ type: 'link.url', value: e.target.value })} autoComplete="off" />
      <label htmlFor={`${id}-text`}>{t('posting.editor.linkText')}</label>
      <input id={`${id}-text`} type="text" value={link.text} onChange={(e) => actor.send({ type: 'link.text', value: e.target.value })} autoComplete="off" />
      {link.error ? (
        <p className="error" role="alert" data-testid="link-error">
          {link.error}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className={pill} onClick={() => actor.send({ type: 'link.cancel' })}>
          {t('posting.editor.cancel')}
        </button>
        <button type="button" className={`${pill} ${primary}`} onClick={() => actor.send({ type: 'link.confirm' })} data-testid="link-confirm">
          {t('posting.editor.linkConfirm')}
        </button>
      </div>
    </Modal>
  )
}

function Editor({ draftId }: { draftId: number | null }) {
  const calls = usePostingApi()
  const actor = useEditorActor()
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('uploading') ? 'uploading' : s.matches('saving') ? 'saving' : s.matches('publishing') ? 'publishing' : s.matches('published') ? 'published' : 'editing'))
  const c = useSelector(actor, (s) => s.context)
  const titleId = useId()
  useEffect(() => {
    if (draftId !== null) actor.send({ type: 'draft.open', id: draftId })
  }, [actor, draftId])
  const previewHtml = useMemo(() => (c.preview ? renderTokens(c.tokens) : ''), [c.preview, c.tokens])
  if (state === 'loading') return null
  if (state === 'published')
    return (
      <div className={page} data-testid="article-published" style={{ textAlign: 'center', padding: '60px 0' }}>
        <h1>{t('posting.editor.publishedTitle')}</h1>
        <p style={{ color: tokens.textSecondary }}>{t('posting.editor.publishedHint')}</p>
        <Link href={`/p/${c.publishedId ?? 0}`} className={`${pill} ${primary}`}>
          {t('posting.editor.viewArticle')}
        </Link>
      </div>
    )
  const busy = state !== 'editing'
  let paragraph = 0
  return (
    <div className={page}>
      <h1>{t('posting.editor.title')}</h1>
      {state === 'loadFailed' ? <p role="alert">{t('posting.editor.loadFailed')}</p> : null}
      <label htmlFor={titleId} className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('posting.editor.titleLabel')}
      </label>
      <input id={titleId} className="title" type="text" value={c.title} maxLength={POST_TITLE_MAX} placeholder={t('posting.editor.titlePlaceholder', { max: POST_TITLE_MAX })} onChange={(e) => actor.send({ type: 'title.change', value: e.target.value })} data-testid="article-title" />
      <div className="toolbar" role="group" aria-label={t('posting.editor.toolbar')}>
        <TokenSearch<StockRef>
          label={t('posting.editor.stockLabel')}
          placeholder={t('posting.dialog.stockPlaceholder')}
          search={calls.searchStocks}
          keyOf={(s) => s.code}
          textOf={(s) => `${s.name} ${s.code}`}
          onPick={(s) => actor.send({ type: 'token.place', token: { type: 'stock', code: s.code, name: s.name } })}
          testId="stock-search"
        />
        <TokenSearch<{ userId: number; nick: string }>
          label={t('posting.editor.userLabel')}
          placeholder={t('posting.editor.userPlaceholder')}
          search={calls.searchUsers}
          keyOf={(u) => String(u.userId)}
          textOf={(u) => `@${u.nick}`}
          onPick={(u) => actor.send({ type: 'token.place', token: { type: 'mention', userId: u.userId, nick: u.nick } })}
          testId="user-search"
        />
        <button type="button" className={pill} onClick={() => actor.send({ type: 'link.open' })} disabled={busy} data-testid="link-open">
          {t('posting.editor.link')}
        </button>
        <label className={pill} style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', position: 'relative' }}>
          {state === 'uploading' ? t('posting.editor.uploading') : t('posting.editor.image')}
          <input
            type="file"
            accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
            disabled={busy}
            data-testid="article-image-input"
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) actor.send({ type: 'image.pick', file })
              e.target.value = ''
            }}
          />
        </label>
        <button type="button" className={pill} aria-pressed={c.preview} onClick={() => actor.send({ type: 'preview.toggle' })} data-testid="article-preview-toggle">
          {c.preview ? t('posting.editor.edit') : t('posting.editor.preview')}
        </button>
      </div>
      {c.preview ? (
        <RichHtml className="preview" html={previewHtml} />
      ) : (
        <div className="body" aria-label={t('posting.editor.bodyLabel')} role="group">
          {c.tokens.map((tok, i) =>
            tok.type === 'text' ? (
              <textarea
                key={`text-${i}`}
                aria-label={t('posting.editor.paragraphLabel', { n: ++paragraph })}
                placeholder={i === 0 ? t('posting.editor.placeholder') : ''}
                value={tok.text}
                onChange={(e) => actor.send({ type: 'text.change', index: i, value: e.target.value })}
                data-testid="article-text"
              />
            ) : (
              <span key={`token-${i}`} className="token" data-testid="article-token" data-type={tok.type}>
                {tok.type === 'image' ? <img src={tok.url} alt={t('posting.editor.imageToken')} /> : tokenLabel(tok)}
                <button type="button" aria-label={t('posting.editor.removeToken', { name: tokenLabel(tok) })} onClick={() => actor.send({ type: 'token.remove', index: i })}>
                  ×
                </button>
              </span>
            ),
          )}
        </div>
      )}
      <footer>
        {c.saved ? (
          <span className="saved" role="status" data-testid="draft-saved">
            {t('posting.editor.saved')}
          </span>
        ) : (
          <span className="saved" />
        )}
        <button type="button" className={pill} disabled={busy} onClick={() => actor.send({ type: 'draft.save' })} data-testid="draft-save">
          {state === 'saving' ? t('posting.editor.saving') : t('posting.editor.saveDraft')}
        </button>
        <button type="button" className={`${pill} ${primary}`} disabled={busy} onClick={() => actor.send({ type: 'article.publish' })} data-testid="article-publish">
          {state === 'publishing' ? t('posting.editor.publishing') : t('posting.editor.publish')}
        </button>
      </footer>
      {c.link ? <LinkDialog actor={actor} link={c.link} /> : null}
      {c.notice !== null ? (
        <Modal label={t('posting.dialog.notice')} onEscape={() => actor.send({ type: 'notice.close' })} className={dialog} testId="editor-notice">
          <h2>{t('posting.dialog.notice')}</h2>
          <p data-testid="editor-notice-message">{c.notice}</p>
          <div className="actions">
            <button type="button" className={`${pill} ${primary}`} onClick={() => actor.send({ type: 'notice.close' })}>
              {t('posting.dialog.ok')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  )
}

export function ArticleEditorPage() {
  const session = useSession()
  const search = useSearch()
  usePageTitle(t('posting.editor.title'))
  const draftId = parseRouteId(new URLSearchParams(search).get('draftId') ?? undefined) ?? null
  if (session.checking) return null
  if (!session.info) return <NotLoggedIn />
  return <Editor key={draftId ?? 'new'} draftId={draftId} />
}
