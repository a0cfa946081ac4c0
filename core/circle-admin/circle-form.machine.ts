// The console's create/edit form of a circle (issue 29; spec 001 §2 circle/circle-list/circle-create and
// circle-edit/{circleId?}): the form's words, its type, free or paid with a price per period, and the
// cover image going up through the uploads port. The rules are core/circle-admin/circles.ts; the
// server checks them again. A new circle is submitted for review; an edit is saved.
//
// Steps: loading (an edit's circle; nothing for a new one) → editing ⇄ uploadingCover → submitting → saved. Messages show once the
// adviser first submits and then follow what they type. Named actors the caller provides from the HTTP
// port (ui/circle-admin/circle/api.ts), typed params at the transitions, no casts.
import { assign, fromPromise, setup } from 'xstate'
import type { AdminCircleDetail, CircleFormBody } from '../api/circle-admin-circles'
import { errorMessage } from '../api/api-error'
import { isAcceptedImage, MAX_IMAGE_BYTES, UPLOAD_MESSAGES, type UploadDescriptor } from '../validation/upload'
import { PRICE_PERIODS, parseYuan, validateCircleForm, yuanText, type CircleForm, type CircleFormErrors, type CircleType } from './circles'

/** A price row as typed: its period and the yuan text ('199', '19.90'). */
export interface PriceDraft {
  readonly months: number
  readonly yuan: string
  /** members bought this period: it can be repriced, not removed */
  readonly sold: boolean
}

/** The form as typed: the API's form with its prices as typed rows (yuan text) rather than cents. */
export interface CircleDraft extends Omit<CircleForm, 'specs'> {
  readonly prices: readonly PriceDraft[]
}

export type TextField = 'name' | 'brief' | 'intro'

export interface PickedCover extends UploadDescriptor {
  /** the picked file, opaque to core (the upload actor sends it) */
  readonly file: unknown
}

export interface CircleFormContext {
  readonly circleId: number | null
  readonly draft: CircleDraft
  readonly errors: CircleFormErrors
  /** what cannot change any more (edit): the type always; free or paid once approved */
  readonly typeLocked: boolean
  readonly paidLocked: boolean
  readonly saved: AdminCircleDetail | null
  /** why the last load, upload or save failed; null otherwise */
  readonly error: string | null
}

export type CircleFormEvent =
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'type.choose'; circleType: CircleType }
  | { type: 'paid.set'; paid: boolean }
  | { type: 'price.add' }
  | { type: 'price.change'; index: number; months?: number; yuan?: string }
  | { type: 'price.remove'; index: number }
  | { type: 'cover.pick'; cover: PickedCover }
  | { type: 'form.submit' }
  | { type: 'load.retry' }

export const EMPTY_DRAFT: CircleDraft = { type: '', name: '', brief: '', intro: '', avatar: '', paid: false, prices: [] }

/** The draft as the API takes it: a price that is not a number is sent as 0, which the rules refuse. */
export function draftForm(d: CircleDraft): CircleForm {
  return { type: d.type, name: d.name, brief: d.brief, intro: d.intro, avatar: d.avatar, paid: d.paid, specs: d.paid ? d.prices.map((p) => ({ months: p.months, price: parseYuan(p.yuan) ?? 0 })) : [] }
}

export function draftBody(d: CircleDraft): CircleFormBody {
  const f = draftForm(d)
  return { ...f, type: f.type as CircleType, specs: [...f.specs] }
}

/** An edited circle's draft. */
export function draftOf(c: AdminCircleDetail): CircleDraft {
  return {
    type: c.type,
    name: c.name,
    brief: c.brief,
    intro: c.intro,
    avatar: c.avatar,
    paid: c.paid,
    prices: c.specs.map((s) => ({ months: s.months, yuan: yuanText(s.price), sold: s.sold })),
  }
}

/** Why a picked file cannot be the cover, or null. */
export function coverProblem(c: UploadDescriptor): string | null {
  if (!isAcceptedImage(c)) return UPLOAD_MESSAGES.imageType
  if (c.size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.imageTooLarge
  return null
}

const nextPeriod = (prices: readonly PriceDraft[]) => PRICE_PERIODS.find((m) => !prices.some((p) => p.months === m))

export const circleFormMachine = setup({
  types: {} as { context: CircleFormContext; events: CircleFormEvent; input: { circleId: number | null } },
  actors: {
    /** GET /api/circle-admin/circles/{id}/v1; null for a new circle (id null) */
    loadCircle: fromPromise<AdminCircleDetail | null, { id: number | null }>(() => {
      throw new Error('provide loadCircle')
    }),
    /** the uploads port: one image; answers its address */
    uploadCover: fromPromise<string, { file: unknown }>(() => {
      throw new Error('provide uploadCover')
    }),
    /** POST /api/circle-admin/circles/v1 (id null) or PUT /api/circle-admin/circles/{id}/v1 */
    saveCircle: fromPromise<AdminCircleDetail, { id: number | null; body: CircleFormBody }>(() => {
      throw new Error('provide saveCircle')
    }),
  },
  guards: {
    isCircle: (_, params: { circle: AdminCircleDetail | null }) => params.circle !== null,
    formValid: ({ context }) => Object.keys(validateCircleForm(draftForm(context.draft))).length === 0,
    coverAccepted: (_, params: { cover: PickedCover }) => coverProblem(params.cover) === null,
    typeOpen: ({ context }) => !context.typeLocked,
    paidOpen: ({ context }) => !context.paidLocked,
    morePeriods: ({ context }) => nextPeriod(context.draft.prices) !== undefined,
    removable: ({ context }, params: { index: number }) => context.draft.prices[params.index]?.sold === false,
  },
  actions: {
    fill: assign((_, params: { circle: AdminCircleDetail }) => ({
      draft: draftOf(params.circle),
      typeLocked: true,
      paidLocked: params.circle.reviewStatus === 'approved',
      saved: null,
      error: null,
    })),
    /** a message already shown follows what is typed; none appears before the first submit */
    edit: assign(({ context }, params: { change: (d: CircleDraft) => CircleDraft }) => {
      const draft = params.change(context.draft)
      return { draft, errors: Object.keys(context.errors).length ? validateCircleForm(draftForm(draft)) : context.errors, saved: null }
    }),
    showErrors: assign(({ context }) => ({ errors: validateCircleForm(draftForm(context.draft)) })),
    setCover: assign(({ context }, params: { url: string }) => {
      const draft = { ...context.draft, avatar: params.url }
      const errors = { ...context.errors }
      delete errors.avatar
      return { draft, errors, error: null }
    }),
    coverFailed: assign(({ context }, params: { message: string }) => ({ errors: { ...context.errors, avatar: params.message } })),
    storeSaved: assign((_, params: { circle: AdminCircleDetail }) => ({
      saved: params.circle,
      circleId: params.circle.id,
      draft: draftOf(params.circle),
      typeLocked: true,
      paidLocked: params.circle.reviewStatus === 'approved',
      errors: {},
      error: null,
    })),
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
}).createMachine({
  id: 'circleForm',
  description:
    'An adviser creates or edits a circle in the console: its type, name, brief, intro and cover, free or paid with a price per period. A new circle is sent for review; an approved one keeps its type, its charge and the periods members bought.',
  context: ({ input }) => ({ circleId: input.circleId, draft: EMPTY_DRAFT, errors: {}, typeLocked: false, paidLocked: false, saved: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The circle being edited is loading (a new circle has nothing to load)',
      invoke: {
        id: 'loadCircle',
        src: 'loadCircle',
        input: ({ context }) => ({ id: context.circleId }),
        onDone: [
          { guard: { type: 'isCircle', params: ({ event }) => ({ circle: event.output }) }, target: 'editing', actions: { type: 'fill', params: ({ event }) => ({ circle: event.output! }) }, description: 'The form shows the circle as it is' },
          { target: 'editing', description: 'A new circle starts from an empty form' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ message: errorMessage(event.error) }) }, description: 'The circle could not be loaded' },
      },
    },
    loadFailed: {
      description: 'The circle could not be loaded; the adviser may try again',
      on: { 'load.retry': { target: 'loading', description: 'Try loading again' } },
    },
    editing: {
      description: 'The adviser fills in the form',
      on: {
        'cover.pick': [
          { guard: { type: 'coverAccepted', params: ({ event }) => ({ cover: event.cover }) }, target: 'uploadingCover', description: 'A jpg, png or gif of at most 3 MB goes up as the cover' },
          { actions: { type: 'coverFailed', params: ({ event }) => ({ message: coverProblem(event.cover) ?? '' }) }, description: 'Another kind of file, or a larger one, is refused with why' },
        ],
        'form.submit': [
          { guard: 'formValid', target: 'submitting', description: 'A complete form is sent' },
          { actions: 'showErrors', description: 'An incomplete form shows what is missing under each field' },
        ],
      },
    },
    uploadingCover: {
      description: 'The cover image is uploading; the words may still be edited',
      invoke: {
        id: 'uploadCover',
        src: 'uploadCover',
        input: ({ event }) => ({ file: event.type === 'cover.pick' ? event.cover.file : null }),
        onDone: { target: 'editing', actions: { type: 'setCover', params: ({ event }) => ({ url: event.output }) }, description: 'The uploaded image becomes the cover' },
        onError: { target: 'editing', actions: { type: 'coverFailed', params: ({ event }) => ({ message: errorMessage(event.error) }) }, description: 'The upload failed; the cover field says why' },
      },
    },
    submitting: {
      description: 'The circle is being saved (a new one is sent for review)',
      invoke: {
        id: 'saveCircle',
        src: 'saveCircle',
        input: ({ context }) => ({ id: context.circleId, body: draftBody(context.draft) }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => ({ circle: event.output }) }, description: 'Saved: the form now edits the saved circle' },
        onError: { target: 'editing', actions: { type: 'storeError', params: ({ event }) => ({ message: errorMessage(event.error) }) }, description: 'The server refused; its message is shown and the form stays as typed' },
      },
    },
    saved: {
      description: 'Saved; editing again starts a new change',
      on: {
        'form.submit': [
          { guard: 'formValid', target: 'submitting', description: 'Save again' },
          { target: 'editing', actions: 'showErrors', description: 'An incomplete form shows what is missing' },
        ],
        'cover.pick': [
          { guard: { type: 'coverAccepted', params: ({ event }) => ({ cover: event.cover }) }, target: 'uploadingCover', description: 'A new cover goes up' },
          { target: 'editing', actions: { type: 'coverFailed', params: ({ event }) => ({ message: coverProblem(event.cover) ?? '' }) }, description: 'A file that cannot be a cover is refused' },
        ],
      },
    },
  },
  on: {
    'field.change': { actions: { type: 'edit', params: ({ event }) => ({ change: (d: CircleDraft) => ({ ...d, [event.field]: event.value }) }) }, description: 'A word field changes' },
    'type.choose': { guard: 'typeOpen', actions: { type: 'edit', params: ({ event }) => ({ change: (d: CircleDraft) => ({ ...d, type: event.circleType }) }) }, description: 'The type is chosen (only before the circle exists)' },
    'paid.set': {
      guard: 'paidOpen',
      actions: {
        type: 'edit',
        params: ({ event }) => ({ change: (d: CircleDraft) => ({ ...d, paid: event.paid, prices: event.paid && d.prices.length === 0 ? [{ months: 12, yuan: '', sold: false }] : d.prices }) }),
      },
      description: 'Free or paid is chosen (not once the circle is approved); paid starts with a yearly price',
    },
    'price.add': {
      guard: 'morePeriods',
      actions: { type: 'edit', params: () => ({ change: (d: CircleDraft) => ({ ...d, prices: [...d.prices, { months: nextPeriod(d.prices) ?? 12, yuan: '', sold: false }] }) }) },
      description: 'Another period is priced (up to one per period)',
    },
    'price.change': {
      actions: {
        type: 'edit',
        params: ({ event }) => ({
          change: (d: CircleDraft) => ({
            ...d,
            prices: d.prices.map((p, i) => (i === event.index ? { ...p, months: p.sold ? p.months : (event.months ?? p.months), yuan: event.yuan ?? p.yuan } : p)),
          }),
        }),
      },
      description: 'A price or its period changes (a bought period keeps its length)',
    },
    'price.remove': {
      guard: { type: 'removable', params: ({ event }) => ({ index: event.index }) },
      actions: { type: 'edit', params: ({ event }) => ({ change: (d: CircleDraft) => ({ ...d, prices: d.prices.filter((_, i) => i !== event.index) }) }) },
      description: 'A price no member bought is removed',
    },
  },
})
