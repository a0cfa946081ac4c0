// The post box of a financial circle (spec 001 §5 'Posting in circles', §8, §9), also its question form
// and the owner's answer box: one draft sent with PUT /api/review/v1. Images or files (never both) upload
// as soon as they are picked, each in its own upload actor with its progress (removing one cancels it).
// Sending a moment: when risk categories exist and none is chosen, the risk-category modal opens first;
// then the draft is sent. Success clears the box and says 已发布，内容审核中 (the server reviews it);
// a refusal shows the server's message in the 温馨提示 dialog (spec 001 §8).
import { and, assign, fromCallback, fromPromise, setup, stopChild, type ActorRefFrom } from 'xstate'
import type { UploadDescriptor } from '../validation/upload'
import { errorMessage } from '../toggle/toggle.machine'
import type { RiskCategory } from './discussion-dialog.machine'
import type { StockRef, TopicChoice } from './discussion'
import {
  addRef,
  canSendCircleDraft,
  checkAttachments,
  circleDraftBody,
  EMPTY_DRAFT,
  toggleTag,
  type Attachment,
  type AttachmentKind,
  type CircleDraft,
  type CircleDraftBody,
  type DraftKind,
  type PortfolioRef,
  type QuestionType,
} from './circle-post'

/** A picked image or file: what the rules read, and the opaque file the upload actor sends. */
export interface PickedAttachment extends UploadDescriptor {
  readonly file: unknown
  /** an image's address to show before it is uploaded (an object URL); '' for a file */
  readonly preview: string
}

export interface CirclePostInput {
  readonly momentId: number
  readonly what: DraftKind
}

export interface CirclePostContext extends CircleDraft, CirclePostInput {
  readonly riskTips: readonly RiskCategory[]
  readonly riskTipId: number | null
  /** the message of the 温馨提示 dialog, when it is open */
  readonly notice: string | null
  /** how many drafts this box has sent (the view says 已发布 after the first) */
  readonly sent: number
  readonly seq: number
}

export type CirclePostEvent =
  | { type: 'draft.title'; value: string }
  | { type: 'draft.body'; value: string }
  | { type: 'draft.topic'; topic: TopicChoice | null }
  | { type: 'draft.tag'; tagId: number }
  | { type: 'draft.questionType'; value: QuestionType }
  | { type: 'stock.add'; stock: StockRef }
  | { type: 'stock.remove'; code: string }
  | { type: 'portfolioRef.add'; portfolio: PortfolioRef }
  | { type: 'portfolioRef.remove'; code: string }
  | { type: 'attachments.pick'; kind: AttachmentKind; files: readonly PickedAttachment[] }
  | { type: 'attachment.remove'; key: string }
  | { type: 'attachment.progress'; key: string; loaded: number; total: number }
  | { type: 'attachment.done'; key: string; url: string }
  | { type: 'attachment.failed'; key: string; message: string }
  | { type: 'post.send' }
  | { type: 'risk.choose'; id: number }
  | { type: 'risk.confirm' }
  | { type: 'risk.cancel' }
  | { type: 'notice.close' }

export interface AttachmentUploadInput {
  readonly key: string
  readonly file: unknown
}
/** What an upload actor sends back to the box. */
export type AttachmentReport = Extract<CirclePostEvent, { type: 'attachment.progress' | 'attachment.done' | 'attachment.failed' }>

const patch = (list: readonly Attachment[], key: string, p: Partial<Attachment>) => list.map((a) => (a.key === key ? { ...a, ...p } : a))

export const circlePostBoxMachine = setup({
  types: {} as { context: CirclePostContext; events: CirclePostEvent; input: CirclePostInput },
  actors: {
    loadRiskTips: fromPromise<readonly RiskCategory[]>(() => {
      throw new Error('provide loadRiskTips')
    }),
    // uploads one image or file; reports attachment.progress, then attachment.done or attachment.failed; stopping it cancels
    uploadAttachment: fromCallback<{ type: 'never' }, AttachmentUploadInput>(() => {
      throw new Error('provide uploadAttachment')
    }),
    submit: fromPromise<unknown, CircleDraftBody>(() => {
      throw new Error('provide submit')
    }),
  },
  guards: {
    attachmentsAccepted: ({ context, event }) => event.type === 'attachments.pick' && checkAttachments(event.kind, event.files, context).ok,
    canSend: ({ context }) => canSendCircleDraft(context, context.what),
    needsRiskChoice: ({ context }) => context.what.kind === 'moment' && context.riskTips.length > 0 && context.riskTipId === null,
    riskChosen: ({ context }) => context.riskTipId !== null,
  },
  actions: {
    setRiskTips: assign((_, params: { tips: readonly RiskCategory[] }) => ({ riskTips: params.tips })),
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'draft.title':
          return { title: event.value }
        case 'draft.body':
          return { body: event.value }
        case 'draft.topic':
          return { topic: event.topic }
        case 'draft.tag':
          return { tagIds: toggleTag(context.tagIds, event.tagId) }
        case 'draft.questionType':
          return { questionType: event.value }
        case 'stock.add':
          return { stocks: addRef(context.stocks, event.stock, context.portfolios.length) }
        case 'stock.remove':
          return { stocks: context.stocks.filter((s) => s.code !== event.code) }
        case 'portfolioRef.add':
          return { portfolios: addRef(context.portfolios, event.portfolio, context.stocks.length) }
        case 'portfolioRef.remove':
          return { portfolios: context.portfolios.filter((p) => p.code !== event.code) }
        case 'attachment.progress':
          return { attachments: patch(context.attachments, event.key, { loaded: event.loaded, total: event.total }) }
        case 'attachment.done':
          return { attachments: patch(context.attachments, event.key, { status: 'done', url: event.url, loaded: 1, total: 1 }) }
        case 'attachment.failed':
          return { attachments: patch(context.attachments, event.key, { status: 'failed', error: event.message }) }
        default:
          return {}
      }
    }),
    addAttachments: assign(({ context, event, spawn }) => {
      if (event.type !== 'attachments.pick') return {}
      let seq = context.seq
      const added: Attachment[] = event.files.map((f) => ({
        key: `${event.kind}-${++seq}`,
        kind: event.kind,
        name: f.name,
        size: f.size,
        type: f.type,
        preview: event.kind === 'image' ? f.preview : '',
        status: 'uploading',
        loaded: 0,
        total: f.size,
        url: null,
        error: null,
      }))
      added.forEach((a, i) => spawn('uploadAttachment', { id: a.key, input: { key: a.key, file: event.files[i]!.file } }))
      return { attachments: [...context.attachments, ...added], seq }
    }),
    refuseAttachments: assign(({ context, event }) => {
      if (event.type !== 'attachments.pick') return {}
      const check = checkAttachments(event.kind, event.files, context)
      return { notice: check.ok ? null : check.message }
    }),
    // stopping its upload actor cancels the request
    stopUpload: stopChild(({ event }) => (event.type === 'attachment.remove' ? event.key : '')),
    dropAttachment: assign(({ context, event }) => (event.type === 'attachment.remove' ? { attachments: context.attachments.filter((a) => a.key !== event.key) } : {})),
    chooseRisk: assign((_, params: { id: number }) => ({ riskTipId: params.id })),
    clearRisk: assign({ riskTipId: null }),
    showNotice: assign((_, params: { error: unknown }) => ({ notice: errorMessage(params.error) })),
    closeNotice: assign({ notice: null }),
    clearDraft: assign(({ context }) => ({ ...EMPTY_DRAFT, riskTipId: null, notice: null, sent: context.sent + 1 })),
    // the page reloads what it shows (provided by the view: the list the new item will appear in)
    announceSent: () => undefined,
  },
}).createMachine({
  id: 'circlePostBox',
  description:
    'Writing in a financial circle: a moment with images or files (never both; each uploads with a progress bar and can be cancelled), a topic, tags, stocks and portfolios; or a question to the owner, public or anonymous; or the owner\'s answer. A moment asks for a risk category when the site has them, then everything is sent for review.',
  context: ({ input }) => ({ ...EMPTY_DRAFT, ...input, riskTips: [], riskTipId: null, notice: null, sent: 0, seq: 0 }),
  initial: 'loadingRiskTips',
  states: {
    // read once per box; without them (none, or the read failed) nothing is asked
    loadingRiskTips: {
      description: 'The box opens: it reads the risk categories a moment may have to choose from.',
      invoke: {
        id: 'loadRiskTips',
        src: 'loadRiskTips',
        onDone: { target: 'editing', actions: { type: 'setRiskTips', params: ({ event }) => ({ tips: event.output }) } },
        onError: { target: 'editing', actions: { type: 'setRiskTips', params: () => ({ tips: [] }) } },
      },
    },
    editing: {
      description: 'The reader writes: text, title, topic, tags, stocks, portfolios, images or files uploading with their progress; a notice says what went wrong last.',
      on: {
        'draft.title': { actions: 'edit' },
        'draft.body': { actions: 'edit' },
        'draft.topic': { actions: 'edit' },
        'draft.tag': { actions: 'edit' },
        'draft.questionType': { actions: 'edit' },
        'stock.add': { actions: 'edit' },
        'stock.remove': { actions: 'edit' },
        'portfolioRef.add': { actions: 'edit' },
        'portfolioRef.remove': { actions: 'edit' },
        'attachment.progress': { actions: 'edit' },
        'attachment.done': { actions: 'edit' },
        'attachment.failed': { actions: 'edit' },
        'attachments.pick': [
          {
            guard: 'attachmentsAccepted',
            actions: 'addAttachments',
            description: 'The chosen images or files are of an accepted type and size, fit in the count and do not mix images with files: they start uploading.',
          },
          { actions: 'refuseAttachments', description: 'Otherwise the reason shows in the 温馨提示 dialog and nothing is added.' },
        ],
        'attachment.remove': { actions: ['stopUpload', 'dropAttachment'] },
        'notice.close': { actions: 'closeNotice' },
        'post.send': [
          {
            guard: and(['canSend', 'needsRiskChoice']),
            target: 'choosingRisk',
            description: 'A moment ready to send while the site has risk categories and none is chosen: the reader chooses one first.',
          },
          {
            guard: 'canSend',
            target: 'sending',
            description: 'The draft has what it needs (text, a picture or a file; a question or answer its text), nothing is uploading or failed and the title fits: it is sent.',
          },
        ],
      },
    },
    choosingRisk: {
      description: 'The risk-category modal: the reader chooses the risk category of the moment before it is sent.',
      on: {
        'risk.choose': { actions: { type: 'chooseRisk', params: ({ event }) => ({ id: event.id }) } },
        'risk.confirm': { guard: 'riskChosen', target: 'sending', description: 'A risk category was chosen: the moment is sent.' },
        'risk.cancel': { target: 'editing', actions: 'clearRisk' },
      },
    },
    sending: {
      description: 'Sending the draft for review; a refusal returns to the box with the reason.',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => circleDraftBody(context, context.momentId, context.what, context.riskTipId),
        onDone: { target: 'editing', actions: ['clearDraft', 'announceSent'] },
        onError: { target: 'editing', actions: { type: 'showNotice', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})

export type CirclePostBoxActor = ActorRefFrom<typeof circlePostBoxMachine>
