// The creator-certification audit flow (issue 27; spec 001 §2 '/audit with children company, failure,
// person, review, submitted, success and an index page', /chiefCircle/creator-certification (new,
// result); §3 'Advisor certificate'; §9 identity card upload timeout 120000 ms, images at most
// 3,000,000 bytes). The steps: index (person or company?) → person | company (the form, with the
// identity-card image uploading and its progress) → review (the applicant checks what will be sent) →
// submitted (under review) → success | failure (with the reviewer's reason; apply again).
//
// Shape copied from core/auth/wechat-qr.machine.ts: named actors the caller provides from the HTTP port
// (ui/certification/api.ts), typed params at the transitions, no casts. The upload is a spawned child
// (as in core/posting/discussion-dialog.machine.ts) that reports progress, then done or failed.
import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate'
import type { CertificateApplication, CertificateBody, IdentityCardUpload } from '../api/certification'
import { errorMessage } from '../api/api-error'
import { isAcceptedImage, MAX_IMAGE_BYTES, UPLOAD_MESSAGES, type UploadDescriptor } from '../validation/upload'
import {
  AUDIT_FAILED,
  UPLOAD_FAILED,
  certificateBody,
  EMPTY_CERTIFICATE_FORM,
  validateCertificateForm,
  type ApplicantType,
  type CertificateErrors,
  type CertificateForm,
} from './certificate-form'

export { AUDIT_FAILED, UPLOAD_FAILED }

/** The text fields the form edits (the image comes from the upload). */
export type TextField = Exclude<keyof CertificateForm, 'applicantType' | 'idCardImage' | 'imageId'>

/** The identity-card image: none, uploading (bytes sent of total), or failed with why. */
export type ImageState =
  | { readonly status: 'none' }
  | { readonly status: 'uploading'; readonly name: string; readonly loaded: number; readonly total: number }
  | { readonly status: 'done'; readonly name: string }
  | { readonly status: 'failed'; readonly message: string }

/** A picked file: what the rules read, and the opaque file the upload actor sends. */
export interface PickedImage extends UploadDescriptor {
  readonly file: unknown
}

export interface AuditContext {
  readonly form: CertificateForm
  /** the form's messages, shown once the applicant asked to check it */
  readonly errors: CertificateErrors
  readonly image: ImageState
  /** the applicant's latest application (null: none yet) */
  readonly application: CertificateApplication | null
  /** why the last call failed; null otherwise */
  readonly error: string | null
  /** which form the route asked for: the index page, or person / company straight away */
  readonly start: 'index' | ApplicantType
  /** how many uploads were started (the running one is the child `upload-<n>`) */
  readonly uploads: number
}

export type AuditEvent =
  | { type: 'kind.choose'; kind: ApplicantType }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'image.pick'; image: PickedImage }
  | { type: 'image.progress'; loaded: number; total: number }
  | { type: 'image.done'; upload: IdentityCardUpload }
  | { type: 'image.failed'; message: string }
  | { type: 'form.check' }
  | { type: 'form.back' }
  | { type: 'form.edit' }
  | { type: 'form.submit' }
  | { type: 'status.refresh' }
  | { type: 'audit.retry' }
  | { type: 'audit.reapply' }

/** What an upload actor sends back to the flow. */
export type UploadReport = Extract<AuditEvent, { type: 'image.progress' | 'image.done' | 'image.failed' }>

/** Why a picked file cannot be the identity card's image (spec 001 §5 / §8 messages), or null. */
export function imageProblem(image: UploadDescriptor): string | null {
  if (!isAcceptedImage(image)) return UPLOAD_MESSAGES.imageType
  if (image.size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.imageTooLarge
  return null
}

/** The form of a rejected application, to correct and send again (the image is kept). */
export function formOf(a: CertificateApplication): CertificateForm {
  return {
    applicantType: a.applicantType,
    realName: a.realName,
    companyName: a.companyName,
    weixinId: a.weixinId,
    idCardImage: a.idCardImage,
    imageId: a.imageId,
    siaqcNumber: a.siaqcNumber,
    email: a.email,
    otherPlatformAccountName: a.otherPlatformAccountName,
    personalProfile: a.personalProfile,
  }
}

export const auditMachine = setup({
  types: {} as { context: AuditContext; events: AuditEvent; input: { start: 'index' | ApplicantType } },
  actors: {
    /** GET /api/investment-advisor-qualification-certificate */
    loadApplication: fromPromise<CertificateApplication | null>(() => {
      throw new Error('provide loadApplication')
    }),
    /** POST /api/investment-advisor-qualification-certificate */
    submitApplication: fromPromise<CertificateApplication, CertificateBody>(() => {
      throw new Error('provide submitApplication')
    }),
    /** POST /api/storage/identity-card/upload (120000 ms); reports image.progress, then image.done or image.failed; stopping it cancels */
    uploadImage: fromCallback<{ type: 'never' }, { file: unknown }>(() => {
      throw new Error('provide uploadImage')
    }),
  },
  guards: {
    isReviewing: (_, params: { application: CertificateApplication | null }) => params.application?.status === 'reviewing',
    isSuccess: (_, params: { application: CertificateApplication | null }) => params.application?.status === 'success',
    isFailure: (_, params: { application: CertificateApplication | null }) => params.application?.status === 'failure',
    startsWithPerson: ({ context }) => context.start === 'person',
    startsWithCompany: ({ context }) => context.start === 'company',
    choosesPerson: (_, params: { kind: ApplicantType }) => params.kind === 'person',
    isPersonForm: ({ context }) => context.form.applicantType === 'person',
    imageAccepted: (_, params: { image: PickedImage }) => imageProblem(params.image) === null,
    formValid: ({ context }) => Object.keys(validateCertificateForm(context.form)).length === 0 && context.image.status !== 'uploading',
  },
  actions: {
    storeApplication: assign((_, params: { application: CertificateApplication | null }) => ({ application: params.application, error: null })),
    setKind: assign(({ context }, params: { kind: ApplicantType }) => ({ form: { ...context.form, applicantType: params.kind }, errors: {} })),
    setField: assign(({ context }, params: { field: TextField; value: string }) => {
      const form = { ...context.form, [params.field]: params.value }
      // a message already shown follows what is typed; none appears before the first check
      const errors = Object.keys(context.errors).length ? validateCertificateForm(form) : context.errors
      return { form, errors }
    }),
    /** a new picture replaces the last: its upload (if still running) is stopped */
    startUpload: enqueueActions(({ context, enqueue }, params: { image: PickedImage }) => {
      if (context.image.status === 'uploading') enqueue.stopChild(`upload-${context.uploads}`)
      const n = context.uploads + 1
      enqueue.assign({
        uploads: n,
        image: { status: 'uploading', name: params.image.name, loaded: 0, total: params.image.size },
        form: { ...context.form, idCardImage: '', imageId: '' },
      })
      enqueue.spawnChild('uploadImage', { id: `upload-${n}`, input: { file: params.image.file } })
    }),
    refuseImage: assign((_, params: { image: PickedImage }) => ({ image: { status: 'failed' as const, message: imageProblem(params.image) ?? UPLOAD_FAILED } })),
    storeProgress: assign(({ context }, params: { loaded: number; total: number }) =>
      context.image.status === 'uploading' ? { image: { ...context.image, loaded: params.loaded, total: params.total } } : {},
    ),
    storeImage: assign(({ context }, params: { upload: IdentityCardUpload }) => {
      const form = { ...context.form, idCardImage: params.upload.idCardImage, imageId: params.upload.imageId }
      const name = context.image.status === 'uploading' ? context.image.name : ''
      return { form, image: { status: 'done' as const, name }, errors: Object.keys(context.errors).length ? validateCertificateForm(form) : context.errors }
    }),
    imageFailed: assign((_, params: { message: string }) => ({ image: { status: 'failed' as const, message: params.message || UPLOAD_FAILED } })),
    showErrors: assign(({ context }) => ({ errors: validateCertificateForm(context.form) })),
    clearError: assign({ error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, AUDIT_FAILED) })),
    reapply: assign(({ context }) => ({
      form: context.application ? formOf(context.application) : EMPTY_CERTIFICATE_FORM,
      errors: {},
      image: context.application ? ({ status: 'done', name: '' } as const) : ({ status: 'none' } as const),
      error: null,
    })),
  },
}).createMachine({
  id: 'audit',
  description:
    'Applying for the creator (adviser) certification: choose person or company, fill in the adviser certificate and upload the identity card, check it, send it, then wait for a reviewer to approve it or reject it with a reason (after which the applicant may apply again).',
  context: ({ input }) => ({ form: EMPTY_CERTIFICATE_FORM, errors: {}, image: { status: 'none' }, application: null, error: null, start: input.start, uploads: 0 }),
  initial: 'loading',
  // the upload reports wherever the flow is (the applicant may have gone back to the index meanwhile)
  on: {
    'image.progress': { actions: { type: 'storeProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
    'image.done': { actions: { type: 'storeImage', params: ({ event }) => ({ upload: event.upload }) } },
    'image.failed': { actions: { type: 'imageFailed', params: ({ event }) => ({ message: event.message }) } },
  },
  states: {
    loading: {
      description: 'Reading whether the applicant already applied and how it went.',
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        onDone: [
          {
            guard: { type: 'isReviewing', params: ({ event }) => ({ application: event.output }) },
            description: 'An application is under review: the applicant waits.',
            target: 'submitted',
            actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) },
          },
          {
            guard: { type: 'isSuccess', params: ({ event }) => ({ application: event.output }) },
            description: 'The applicant is already certified.',
            target: 'success',
            actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) },
          },
          {
            guard: { type: 'isFailure', params: ({ event }) => ({ application: event.output }) },
            description: 'The last application was rejected: its reason is shown.',
            target: 'failure',
            actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) },
          },
          { target: 'choosing', actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'Reading the application failed: a retry button asks again.',
      on: { 'audit.retry': { target: 'loading', actions: 'clearError' } },
    },
    choosing: {
      description: 'No application under review: the page the applicant came to decides where the form starts.',
      always: [
        { guard: 'startsWithPerson', description: 'The applicant came to the person form (or the new-application page).', target: 'filling.person', actions: { type: 'setKind', params: { kind: 'person' } } },
        { guard: 'startsWithCompany', description: 'The applicant came to the company form.', target: 'filling.company', actions: { type: 'setKind', params: { kind: 'company' } } },
        { target: 'index' },
      ],
    },
    index: {
      description: 'The start of the audit: the applicant chooses to apply as a person or as a company.',
      on: {
        'kind.choose': [
          {
            guard: { type: 'choosesPerson', params: ({ event }) => ({ kind: event.kind }) },
            description: 'Applying as a person.',
            target: 'filling.person',
            actions: { type: 'setKind', params: { kind: 'person' } },
          },
          { description: 'Applying as a company.', target: 'filling.company', actions: { type: 'setKind', params: { kind: 'company' } } },
        ],
      },
    },
    filling: {
      description: 'The adviser certificate form: name, WeChat ID, identity card image (uploading with its progress), certificate number, e-mail, other platform account and profile.',
      initial: 'person',
      on: {
        'field.change': { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'image.pick': [
          {
            guard: { type: 'imageAccepted', params: ({ event }) => ({ image: event.image }) },
            description: 'A picture within 3,000,000 bytes: it starts uploading (a new one replaces the last).',
            actions: { type: 'startUpload', params: ({ event }) => ({ image: event.image }) },
          },
          { description: 'Not a jpg, png or gif picture, or too large: the reason is shown.', actions: { type: 'refuseImage', params: ({ event }) => ({ image: event.image }) } },
        ],
        'form.check': [
          { guard: 'formValid', description: 'Every field follows its rule and the image is uploaded: the applicant checks it before sending.', target: 'review' },
          { description: 'Something is missing or wrong: each field shows its message.', actions: 'showErrors' },
        ],
        'form.back': { description: 'Back to choosing person or company.', target: 'index' },
      },
      states: {
        person: { description: 'Applying as a person.' },
        company: { description: 'Applying as a company: the company name is asked too.' },
      },
    },
    review: {
      description: 'The applicant reads what will be sent and sends it, or goes back to change it.',
      on: {
        'form.edit': [
          { guard: 'isPersonForm', description: 'Back to the person form.', target: 'filling.person' },
          { description: 'Back to the company form.', target: 'filling.company' },
        ],
        'form.submit': { target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      description: 'Sending the application.',
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => certificateBody(context.form),
        onDone: { target: 'submitted', actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) } },
        onError: { target: 'review', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    submitted: {
      description: 'The application is under review; the applicant may ask again how it went.',
      on: { 'status.refresh': { target: 'refreshing', actions: 'clearError' } },
    },
    refreshing: {
      description: 'Asking how the application went.',
      invoke: {
        id: 'refreshApplication',
        src: 'loadApplication',
        onDone: [
          {
            guard: { type: 'isSuccess', params: ({ event }) => ({ application: event.output }) },
            description: 'Approved: the applicant is certified.',
            target: 'success',
            actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) },
          },
          {
            guard: { type: 'isFailure', params: ({ event }) => ({ application: event.output }) },
            description: 'Rejected: the reason is shown.',
            target: 'failure',
            actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) },
          },
          { target: 'submitted', actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) } },
        ],
        onError: { target: 'submitted', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    success: {
      description: 'Certified: the circle-admin entry is in the user menu (with NEW for 30 days).',
      type: 'final',
    },
    failure: {
      description: "Rejected, with the reviewer's reason; the applicant may correct the application and send it again.",
      on: { 'audit.reapply': { description: 'Apply again, starting from the rejected application.', target: 'index', actions: 'reapply' } },
    },
  },
})
