// The header's discussion dialog (spec 000 §2 post action; §4, §5, §8, §9). Guests get the login
// dialog first. Images upload as soon as they are picked, each in its own upload actor (progress,
// cancel by removing it). Sending: when risk categories exist and none is chosen, the
// risk-category modal opens first (its confirm needs a choice); then the post is published: 200
// shows 已发布<br>内容审核中, anything else the server's message in the 温馨提示 dialog.
import { and, assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate'
import type { UploadDescriptor } from '../validation/upload'
import { errorMessage } from '../toggle/toggle.machine'
import {
  addStock,
  canSendDiscussion,
  checkDialogImages,
  publishBody,
  type DiscussionDraft,
  type DraftImage,
  type StockRef,
  type TopicChoice,
} from './discussion'

export interface RiskCategory {
  readonly id: number
  readonly name: string
}

/** A picked image: what the rules read, and the opaque file the upload actor sends. */
export interface PickedImage extends UploadDescriptor {
  readonly file: unknown
  /** an address the view made to show it before it is uploaded (an object URL) */
  readonly preview: string
}

export interface DiscussionContext extends DiscussionDraft {
  readonly riskTips: readonly RiskCategory[]
  readonly riskTipId: number | null
  /** the message of the 温馨提示 dialog, when it is open */
  readonly notice: string | null
  /** the next image key */
  readonly seq: number
}

export type DiscussionEvent =
  | { type: 'post.open' }
  | { type: 'post.close' }
  | { type: 'draft.title'; value: string }
  | { type: 'draft.body'; value: string }
  | { type: 'draft.topic'; topic: TopicChoice | null }
  | { type: 'stock.add'; stock: StockRef }
  | { type: 'stock.remove'; code: string }
  | { type: 'images.pick'; files: readonly PickedImage[] }
  | { type: 'image.remove'; key: string }
  | { type: 'image.progress'; key: string; loaded: number; total: number }
  | { type: 'image.done'; key: string; url: string }
  | { type: 'image.failed'; key: string; message: string }
  | { type: 'post.send' }
  | { type: 'risk.choose'; id: number }
  | { type: 'risk.confirm' }
  | { type: 'risk.cancel' }
  | { type: 'notice.close' }

export type PublishInput = ReturnType<typeof publishBody>
export interface UploadInput {
  readonly key: string
  readonly file: unknown
}
/** What an upload actor sends back to the dialog. */
export type UploadReport = Extract<DiscussionEvent, { type: 'image.progress' | 'image.done' | 'image.failed' }>

const EMPTY: Omit<DiscussionContext, 'riskTips' | 'seq'> = { title: '', body: '', topic: null, stocks: [], images: [], riskTipId: null, notice: null }

const patchImage = (images: readonly DraftImage[], key: string, patch: Partial<DraftImage>) => images.map((i) => (i.key === key ? { ...i, ...patch } : i))

export const discussionDialogMachine = setup({
  types: {} as { context: DiscussionContext; events: DiscussionEvent },
  actors: {
    // resolves true when the reader is signed in (at once, or after the login dialog)
    requireLogin: fromPromise<boolean>(() => {
      throw new Error('provide requireLogin')
    }),
    loadRiskTips: fromPromise<readonly RiskCategory[]>(() => {
      throw new Error('provide loadRiskTips')
    }),
    // uploads one image; reports image.progress, then image.done or image.failed; stopping it cancels
    uploadImage: fromCallback<{ type: 'never' }, UploadInput>(() => {
      throw new Error('provide uploadImage')
    }),
    publish: fromPromise<unknown, PublishInput>(() => {
      throw new Error('provide publish')
    }),
  },
  guards: {
    signedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    imagesAccepted: ({ context, event }) => event.type === 'images.pick' && checkDialogImages(event.files, context).ok,
    canSend: ({ context }) => canSendDiscussion(context),
    needsRiskChoice: ({ context }) => context.riskTips.length > 0 && context.riskTipId === null,
    riskChosen: ({ context }) => context.riskTipId !== null,
  },
  actions: {
    reset: assign(() => ({ ...EMPTY })),
    setRiskTips: assign((_, params: { tips: readonly RiskCategory[] }) => ({ riskTips: params.tips })),
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'draft.title':
          return { title: event.value }
        case 'draft.body':
          return { body: event.value }
        case 'draft.topic':
          return { topic: event.topic }
        case 'stock.add':
          return { stocks: addStock(context.stocks, event.stock) }
        case 'stock.remove':
          return { stocks: context.stocks.filter((s) => s.code !== event.code) }
        case 'image.progress':
          return { images: patchImage(context.images, event.key, { loaded: event.loaded, total: event.total }) }
        case 'image.done':
          return { images: patchImage(context.images, event.key, { status: 'done', url: event.url, loaded: 1, total: 1 }) }
        case 'image.failed':
          return { images: patchImage(context.images, event.key, { status: 'failed', error: event.message }) }
        default:
          return {}
      }
    }),
    addImages: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'images.pick') return
      let seq = context.seq
      const added: DraftImage[] = event.files.map((f) => ({
        key: `image-${++seq}`,
        name: f.name,
        size: f.size,
        type: f.type,
        preview: f.preview,
        status: 'uploading',
        loaded: 0,
        total: f.size,
        url: null,
        error: null,
      }))
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
    chooseRisk: assign((_, params: { id: number }) => ({ riskTipId: params.id })),
    clearRisk: assign({ riskTipId: null }),
    showNotice: assign((_, params: { error: unknown }) => ({ notice: errorMessage(params.error) })),
    closeNotice: assign({ notice: null }),
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
    // the risk categories are read once per opening; without them (none, or the read failed) nothing is asked
    loadingRiskTips: {
      description: 'Opening the dialog: reading the risk categories a post may have to choose from.',
      invoke: {
        id: 'loadRiskTips',
        src: 'loadRiskTips',
        onDone: { target: 'editing', actions: { type: 'setRiskTips', params: ({ event }) => ({ tips: event.output }) } },
        onError: { target: 'editing', actions: { type: 'setRiskTips', params: () => ({ tips: [] }) } },
      },
    },
    editing: {
      description: 'The dialog: title, text, topic, stocks and images (each uploading with its progress bar); a notice says what went wrong last.',
      on: {
        'draft.title': { actions: 'edit' },
        'draft.body': { actions: 'edit' },
        'draft.topic': { actions: 'edit' },
        'stock.add': { actions: 'edit' },
        'stock.remove': { actions: 'edit' },
        'image.progress': { actions: 'edit' },
        'image.done': { actions: 'edit' },
        'image.failed': { actions: 'edit' },
        'images.pick': [
          { guard: 'imagesAccepted', actions: 'addImages', description: 'The chosen images are pictures within the size limit and fit in the 9: they start uploading.' },
          { actions: 'refuseImages' },
        ],
        'image.remove': { actions: 'removeImage' },
        'notice.close': { actions: 'closeNotice' },
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
    choosingRisk: {
      description: 'The reader chooses the risk category of the post before it is sent.',
      on: {
        'risk.choose': { actions: { type: 'chooseRisk', params: ({ event }) => ({ id: event.id }) } },
        'risk.confirm': { guard: 'riskChosen', target: 'sending', description: 'A risk category was chosen: the post is sent.' },
        'risk.cancel': { target: 'editing', actions: 'clearRisk' },
      },
    },
    sending: {
      description: 'Sending the post; a refusal returns to the dialog with the reason.',
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => publishBody(context, context.riskTipId),
        onDone: 'published',
        onError: { target: 'editing', actions: { type: 'showNotice', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    published: {
      description: 'Published: the post is under review; the dialog says so until it is closed.',
      entry: 'reset',
      on: { 'post.close': 'closed' },
    },
  },
})

export type DiscussionDialogActor = ActorRefFrom<typeof discussionDialogMachine>
