// The header's discussion dialog (spec 000 §2 post action; §4, §5, §8, §9). Guests get the login
// dialog first. Images upload as soon as they are picked, each in its own upload actor (progress,
// cancel by removing it). Sending: when risk categories exist and none is chosen, the
// risk-category modal opens first (its confirm needs a choice); then the post is published: 200
// shows 已发布<br>内容审核中, anything else the server's message in the 温馨提示 dialog. The steps it
// shares with the circle post box are in draft-steps.ts.
import { and, assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { addStock, canSendDiscussion, checkDialogImages, publishBody, type DiscussionDraft } from './discussion'
import { applyUploadReport, startUploads, uploadActor, type PickedFile } from './draft-uploads'
import { backWithNotice, draftEdit, draftEditing, isDraftEdit, isUploadReport, needsRiskChoice, riskActions, riskTipsActor, loadingRiskTips, choosingRisk, type DraftEvent, type RiskChoice } from './draft-steps'

export interface DiscussionContext extends DiscussionDraft, RiskChoice {
  /** the next image key */
  readonly seq: number
}

export type DiscussionEvent =
  | DraftEvent
  | { type: 'post.open' }
  | { type: 'post.close' }
  | { type: 'images.pick'; files: readonly PickedFile[] }
  | { type: 'image.remove'; key: string }

export type PublishInput = ReturnType<typeof publishBody>

const EMPTY: Omit<DiscussionContext, 'riskTips' | 'seq'> = { title: '', body: '', topic: null, stocks: [], images: [], riskTipId: null, notice: null }

export const discussionDialogMachine = setup({
  types: {} as { context: DiscussionContext; events: DiscussionEvent },
  actors: {
    // resolves true when the reader is signed in (at once, or after the login dialog)
    requireLogin: fromPromise<boolean>(() => {
      throw new Error('provide requireLogin')
    }),
    loadRiskTips: riskTipsActor,
    uploadImage: uploadActor,
    publish: fromPromise<unknown, PublishInput>(() => {
      throw new Error('provide publish')
    }),
  },
  guards: {
    signedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    imagesAccepted: ({ context, event }) => event.type === 'images.pick' && checkDialogImages(event.files, context).ok,
    canSend: ({ context }) => canSendDiscussion(context),
    needsRiskChoice: ({ context }) => needsRiskChoice(context),
    riskChosen: ({ context }) => context.riskTipId !== null,
  },
  actions: {
    ...riskActions<DiscussionContext, DiscussionEvent>(),
    reset: assign(() => ({ ...EMPTY })),
    edit: assign(({ context, event }) => (event.type === 'stock.add' ? { stocks: addStock(context.stocks, event.stock) } : isDraftEdit(event) ? draftEdit(context, event) : {})),
    trackUpload: assign(({ context, event }) => (isUploadReport(event) ? { images: applyUploadReport(context.images, event) } : {})),
    addImages: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'images.pick') return
      const { added, seq } = startUploads('image', event.files, context.seq)
      enqueue.assign({ images: [...context.images, ...added], seq })
      added.forEach((img, i) => enqueue.spawnChild('uploadImage', { id: img.key, input: { key: img.key, file: event.files[i]!.file } }))
    }),
    refuseImages: assign(({ context, event }) => {
      if (event.type !== 'images.pick') return {}
      const check = checkDialogImages(event.files, context)
      return { notice: check.ok ? null : check.message }
    }),
    removeImage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'image.remove') return
      enqueue.stopChild(event.key)
      enqueue.assign({ images: context.images.filter((i) => i.key !== event.key) })
    }),
    stopUploads: enqueueActions(({ context, enqueue }) => {
      for (const img of context.images) if (img.status === 'uploading') enqueue.stopChild(img.key)
    }),
  },
}).createMachine({
  id: 'discussionDialog',
  description:
    'Writing a discussion post from the header: log in first, type, add up to 9 images (each uploads with a progress bar and can be cancelled), a topic and stocks, choose a risk category when asked, then see it published and under review, or the reason it was refused.',
  context: { ...EMPTY, riskTips: [], seq: 0 },
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the 发帖 button shows.',
      on: { 'post.open': 'checkingLogin' },
    },
    checkingLogin: {
      description: 'Posting needs a login: a guest sees the login dialog first.',
      invoke: {
        id: 'requireLogin',
        src: 'requireLogin',
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => ({ signedIn: event.output }) },
            target: 'loadingRiskTips',
            description: 'The reader is signed in (or has just logged in): the dialog opens.',
          },
          { target: 'closed' },
        ],
        onError: 'closed',
      },
    },
    loadingRiskTips: loadingRiskTips('Opening the dialog: reading the risk categories a post may have to choose from.'),
    editing: {
      description: 'The dialog: title, text, topic, stocks and images (each uploading with its progress bar); a notice says what went wrong last.',
      on: {
        ...draftEditing,
        'images.pick': [
          { guard: 'imagesAccepted', actions: 'addImages', description: 'The chosen images are pictures within the size limit and fit in the 9: they start uploading.' },
          { actions: 'refuseImages' },
        ],
        'image.remove': { actions: 'removeImage' },
        'post.send': [
          {
            guard: and(['canSend', 'needsRiskChoice']),
            target: 'choosingRisk',
            description: 'The post is ready and the site has risk categories, none chosen yet: the reader chooses one first.',
          },
          { guard: 'canSend', target: 'sending', description: 'The post has text or pictures, its title fits and no image is still uploading or failed: it is sent.' },
        ],
        'post.close': { target: 'closed', actions: ['stopUploads', 'reset'] },
      },
    },
    choosingRisk: choosingRisk({ description: 'The reader chooses the risk category of the post before it is sent.', confirmed: 'A risk category was chosen: the post is sent.' }),
    sending: {
      description: 'Sending the post; a refusal returns to the dialog with the reason.',
      invoke: { id: 'publish', src: 'publish', input: ({ context }) => publishBody(context, context.riskTipId), onDone: 'published', onError: backWithNotice },
    },
    published: {
      description: 'Published: the post is under review; the dialog says so until it is closed.',
      entry: 'reset',
      on: { 'post.close': 'closed' },
    },
  },
})

export type DiscussionDialogActor = ActorRefFrom<typeof discussionDialogMachine>
