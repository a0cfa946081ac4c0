// The long-article editor (spec 000 §2 post action → /articleCreate/norpub.html; §3 rich-text tokens and
// draft fields; §5 link dialog, image and body rules). A draft named by id (draft.open) is loaded first. The reader
// types text runs and places stocks, links (through the link dialog and its two messages) and uploaded
// images; saves a draft (the first save makes it, later saves update it) and publishes, from the draft
// when there is one. The server's refusal shows its message in the 温馨提示 dialog.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage } from '../toggle/toggle.machine'
import { bodyToSend, canSaveDraft, checkArticle, editText, linkFromDialog, normaliseBody, placeToken, removeToken } from './article-draft'
import type { RichToken } from './rich-text'

export interface LoadedDraft {
  readonly id: number
  readonly title: string
  readonly tokens: readonly RichToken[]
}
export interface SaveInput {
  readonly id: number | null
  readonly title: string
  readonly tokens: readonly RichToken[]
}
export interface PublishArticleInput {
  readonly draftId: number | null
  readonly title: string
  readonly tokens: readonly RichToken[]
}

export interface ArticleEditorContext {
  readonly draftId: number | null
  readonly title: string
  readonly tokens: readonly RichToken[]
  /** the link dialog, when open: its inputs and its message */
  readonly link: { readonly url: string; readonly text: string; readonly error: string | null } | null
  readonly preview: boolean
  /** the 温馨提示 dialog's message, when open */
  readonly notice: string | null
  /** set once the draft was saved since the last change (草稿已保存) */
  readonly saved: boolean
  readonly publishedId: number | null
}

export type ArticleEditorEvent =
  /** the page was opened on a draft (?draftId=): load it */
  | { type: 'draft.open'; id: number }
  | { type: 'title.change'; value: string }
  | { type: 'text.change'; index: number; value: string }
  | { type: 'token.place'; token: RichToken }
  | { type: 'token.remove'; index: number }
  | { type: 'link.open' }
  | { type: 'link.url'; value: string }
  | { type: 'link.text'; value: string }
  | { type: 'link.confirm' }
  | { type: 'link.cancel' }
  | { type: 'image.pick'; file: unknown }
  | { type: 'preview.toggle' }
  | { type: 'draft.save' }
  | { type: 'article.publish' }
  | { type: 'notice.close' }

const EMPTY: ArticleEditorContext = { draftId: null, title: '', tokens: normaliseBody([]), link: null, preview: false, notice: null, saved: false, publishedId: null }

export const articleEditorMachine = setup({
  types: {} as { context: ArticleEditorContext; events: ArticleEditorEvent },
  actors: {
    loadDraft: fromPromise<LoadedDraft, { id: number }>(() => {
      throw new Error('provide loadDraft')
    }),
    /** uploads one image; answers its address */
    uploadImage: fromPromise<string, { file: unknown }>(() => {
      throw new Error('provide uploadImage')
    }),
    saveDraft: fromPromise<LoadedDraft, SaveInput>(() => {
      throw new Error('provide saveDraft')
    }),
    publish: fromPromise<{ id: number }, PublishArticleInput>(() => {
      throw new Error('provide publish')
    }),
  },
  guards: {
    canSave: ({ context }) => canSaveDraft(context),
    articleValid: ({ context }) => checkArticle(context).ok,
    linkValid: ({ context }) => context.link !== null && linkFromDialog(context.link.url, context.link.text).ok,
  },
  actions: {
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'title.change':
          return { title: event.value, saved: false }
        case 'text.change':
          return { tokens: editText(context.tokens, event.index, event.value), saved: false }
        case 'token.place':
          return { tokens: placeToken(context.tokens, event.token), saved: false }
        case 'token.remove':
          return { tokens: removeToken(context.tokens, event.index), saved: false }
        case 'preview.toggle':
          return { preview: !context.preview }
        default:
          return {}
      }
    }),
    openLink: assign({ link: { url: '', text: '', error: null } }),
    editLink: assign(({ context, event }) => {
      if (!context.link) return {}
      if (event.type === 'link.url') return { link: { ...context.link, url: event.value, error: null } }
      if (event.type === 'link.text') return { link: { ...context.link, text: event.value, error: null } }
      return {}
    }),
    placeLink: assign(({ context }) => {
      const r = linkFromDialog(context.link?.url ?? '', context.link?.text ?? '')
      return r.ok ? { tokens: placeToken(context.tokens, r.token), link: null, saved: false } : {}
    }),
    refuseLink: assign(({ context }) => {
      const r = linkFromDialog(context.link?.url ?? '', context.link?.text ?? '')
      return context.link && !r.ok ? { link: { ...context.link, error: r.message } } : {}
    }),
    closeLink: assign({ link: null }),
    placeImage: assign(({ context }, params: { url: string }) => ({ tokens: placeToken(context.tokens, { type: 'image', url: params.url }), saved: false })),
    fillDraft: assign((_, params: { draft: LoadedDraft }) => ({ draftId: params.draft.id, title: params.draft.title, tokens: normaliseBody(params.draft.tokens) })),
    markSaved: assign((_, params: { id: number }) => ({ draftId: params.id, saved: true })),
    explainRefusal: assign(({ context }) => {
      const check = checkArticle(context)
      return { notice: check.ok ? null : check.message }
    }),
    showNotice: assign((_, params: { error: unknown }) => ({ notice: errorMessage(params.error) })),
    closeNotice: assign({ notice: null }),
    setPublished: assign((_, params: { id: number }) => ({ publishedId: params.id })),
  },
}).createMachine({
  id: 'articleEditor',
  description:
    'Writing a long article: type text, place stocks, links (checked by the link dialog) and uploaded images, save it as a draft and reopen it later, preview it, and publish it; a refusal shows the reason.',
  context: EMPTY,
  initial: 'editing',
  states: {
    loading: {
      description: 'Opening a saved draft.',
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        input: ({ event }) => ({ id: event.type === 'draft.open' ? event.id : 0 }),
        onDone: { target: 'editing', actions: { type: 'fillDraft', params: ({ event }) => ({ draft: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'showNotice', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { description: 'The draft could not be opened: the reason shows.' },
    editing: {
      description: 'The editor: title, text with stocks, links and images, the preview; a notice says what went wrong last.',
      on: {
        'draft.open': 'loading',
        'title.change': { actions: 'edit' },
        'text.change': { actions: 'edit' },
        'token.place': { actions: 'edit' },
        'token.remove': { actions: 'edit' },
        'preview.toggle': { actions: 'edit' },
        'link.open': { actions: 'openLink' },
        'link.url': { actions: 'editLink' },
        'link.text': { actions: 'editLink' },
        'link.confirm': [
          { guard: 'linkValid', actions: 'placeLink', description: 'The link dialog has a valid address: the link goes into the text.' },
          { actions: 'refuseLink' },
        ],
        'link.cancel': { actions: 'closeLink' },
        'image.pick': 'uploading',
        'notice.close': { actions: 'closeNotice' },
        'draft.save': { guard: 'canSave', target: 'saving', description: 'The article has something to keep: it is saved as a draft.' },
        'article.publish': [
          { guard: 'articleValid', target: 'publishing', description: 'Title and text are within their limits: the article is sent.' },
          { actions: 'explainRefusal' },
        ],
      },
    },
    uploading: {
      description: 'Uploading the chosen image; it goes into the text when done.',
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ event }) => ({ file: event.type === 'image.pick' ? event.file : null }),
        onDone: { target: 'editing', actions: { type: 'placeImage', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showNotice', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      description: 'Saving the draft.',
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({ id: context.draftId, title: context.title.trim(), tokens: bodyToSend(context.tokens) }),
        onDone: { target: 'editing', actions: { type: 'markSaved', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'editing', actions: { type: 'showNotice', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    publishing: {
      description: 'Publishing; a refusal returns to the editor with the reason.',
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => ({ draftId: context.draftId, title: context.title.trim(), tokens: bodyToSend(context.tokens) }),
        onDone: { target: 'published', actions: { type: 'setPublished', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'editing', actions: { type: 'showNotice', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    published: { type: 'final', description: 'Published: the page goes on to the article.' },
  },
})
