// The post box of a financial circle (spec 001 §5 'Posting in circles', §8, §9), also its question form
// and the owner's answer box: one draft sent with PUT /api/review/v1. Images or files (never both) upload
// as soon as they are picked, each in its own upload actor with its progress (removing one cancels it).
// Sending a moment: when risk categories exist and none is chosen, the risk-category modal opens first;
// then the draft is sent. Success clears the box and says 已发布，内容审核中 (the server reviews it);
// a refusal shows the server's message in the 温馨提示 dialog (spec 001 §8). The steps it shares with the
// discussion dialog are in draft-steps.ts.
import { and, assign, fromPromise, setup, stopChild, type ActorRefFrom } from 'xstate'
import { applyUploadReport, startUploads, uploadActor, type PickedFile } from './draft-uploads'
import { backWithNotice, draftEdit, draftEditing, isDraftEdit, isUploadReport, needsRiskChoice, riskActions, riskTipsActor, loadingRiskTips, choosingRisk, type DraftEvent, type RiskChoice } from './draft-steps'
import {
  addRef,
  canSendCircleDraft,
  checkAttachments,
  circleDraftBody,
  EMPTY_DRAFT,
  toggleTag,
  type AttachmentKind,
  type CircleDraft,
  type CircleDraftBody,
  type DraftKind,
  type PortfolioRef,
  type QuestionType,
} from './circle-post'

export interface CirclePostInput {
  readonly momentId: number
  readonly what: DraftKind
}

export interface CirclePostContext extends CircleDraft, CirclePostInput, RiskChoice {
  /** how many drafts this box has sent (the view says 已发布 after the first) */
  readonly sent: number
  readonly seq: number
}

export type CirclePostEvent =
  | DraftEvent
  | { type: 'draft.tag'; tagId: number }
  | { type: 'draft.questionType'; value: QuestionType }
  | { type: 'portfolioRef.add'; portfolio: PortfolioRef }
  | { type: 'portfolioRef.remove'; code: string }
  | { type: 'attachments.pick'; kind: AttachmentKind; files: readonly PickedFile[] }
  | { type: 'attachment.remove'; key: string }

/** What the reader may change in the box, taken while the risk categories load too (nothing typed is lost). */
const edits = {
  ...draftEditing,
  'draft.tag': { actions: 'edit' },
  'draft.questionType': { actions: 'edit' },
  'portfolioRef.add': { actions: 'edit' },
  'portfolioRef.remove': { actions: 'edit' },
  'attachments.pick': [
    {
      guard: 'attachmentsAccepted',
      actions: 'addAttachments',
      description: 'The chosen images or files are of an accepted type and size, fit in the count and do not mix images with files: they start uploading.',
    },
    { actions: 'refuseAttachments', description: 'Otherwise the reason shows in the 温馨提示 dialog and nothing is added.' },
  ],
  'attachment.remove': { actions: ['stopUpload', 'dropAttachment'] },
} as const

export const circlePostBoxMachine = setup({
  types: {} as { context: CirclePostContext; events: CirclePostEvent; input: CirclePostInput },
  actors: {
    loadRiskTips: riskTipsActor,
    // one image or file: reports upload.progress, then upload.done or upload.failed; stopping it cancels
    uploadAttachment: uploadActor,
    submit: fromPromise<unknown, CircleDraftBody>(() => {
      throw new Error('provide submit')
    }),
  },
  guards: {
    attachmentsAccepted: ({ context, event }) => event.type === 'attachments.pick' && checkAttachments(event.kind, event.files, context).ok,
    canSend: ({ context }) => canSendCircleDraft(context, context.what),
    // only a moment asks: a question or an answer is sent without one
    needsRiskChoice: ({ context }) => context.what.kind === 'moment' && needsRiskChoice(context),
    riskChosen: ({ context }) => context.riskTipId !== null,
  },
  actions: {
    ...riskActions<CirclePostContext, CirclePostEvent>(),
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'stock.add':
          return { stocks: addRef(context.stocks, event.stock, context.portfolios.length) }
        case 'portfolioRef.add':
          return { portfolios: addRef(context.portfolios, event.portfolio, context.stocks.length) }
        case 'portfolioRef.remove':
          return { portfolios: context.portfolios.filter((p) => p.code !== event.code) }
        case 'draft.tag':
          return { tagIds: toggleTag(context.tagIds, event.tagId) }
        case 'draft.questionType':
          return { questionType: event.value }
        default:
          return isDraftEdit(event) ? draftEdit(context, event) : {}
      }
    }),
    trackUpload: assign(({ context, event }) => (isUploadReport(event) ? { attachments: applyUploadReport(context.attachments, event) } : {})),
    addAttachments: assign(({ context, event, spawn }) => {
      if (event.type !== 'attachments.pick') return {}
      const { added, seq } = startUploads(event.kind, event.files, context.seq)
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
    loadingRiskTips: loadingRiskTips('The box opens: it reads the risk categories a moment may have to choose from; what the reader writes meanwhile is kept.', edits),
    editing: {
      description: 'The reader writes: text, title, topic, tags, stocks, portfolios, images or files uploading with their progress; a notice says what went wrong last.',
      on: {
        ...edits,
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
    choosingRisk: choosingRisk({ description: 'The risk-category modal: the reader chooses the risk category of the moment before it is sent.', confirmed: 'A risk category was chosen: the moment is sent.' }),
    sending: {
      description: 'Sending the draft for review; a refusal returns to the box with the reason.',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => circleDraftBody(context, context.momentId, context.what, context.riskTipId),
        onDone: { target: 'editing', actions: ['clearDraft', 'announceSent'] },
        onError: backWithNotice,
      },
    },
  },
})

export type CirclePostBoxActor = ActorRefFrom<typeof circlePostBoxMachine>
