import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { CertificateApplication, CertificateBody } from '../api/certification'
import { ApiError } from '../api/api-error'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { UPLOAD_MESSAGES } from '../validation/upload'
import { AUDIT_FAILED, auditMachine, formOf, imageProblem, type AuditContext, type UploadReport } from './audit.machine'
import { CERTIFICATE_MESSAGES, validateCertificateForm } from './certificate-form'
import { sampleApplication } from '../testing/certificate-samples'

const IMAGE_ID = `202611/${'a'.repeat(32)}.png`
const application = (over: Partial<CertificateApplication> = {}): CertificateApplication => sampleApplication(IMAGE_ID, `/file/${IMAGE_ID}`, { id: 7, createTime: 1_790_000_000, ...over })
const reviewing = application()
const approved = application({ status: 'success', reviewTime: 1_790_003_600 })
const rejected = application({ status: 'failure', rejectReason: '证书编号与姓名不符', reviewTime: 1_790_003_600 })
const picked = (name: string, size = 1000) => ({ name, size, type: 'image/png', file: { name } })

// the uploads never answer in the model: their reports are sent as events
const modelMachine = auditMachine.provide({ actors: { uploadImage: fromCallback(() => () => undefined) } })

describe('auditMachine — model', () => {
  it('reaches every state and takes every transition, from each page the flow starts on', () => {
    // only what a guard or a view reads: the state, how many fields are still wrong, whether messages
    // show, the image, the error, the application's status, where it started
    const summary = (s: AnyMachineSnapshot) => {
      const c = s.context as AuditContext
      return JSON.stringify([s.value, Object.keys(validateCertificateForm(c.form)).length, c.image.status, c.application?.status ?? null, c.start, c.form.applicantType])
    }
    const loads = [
      { type: 'xstate.done.actor.loadApplication', output: null },
      { type: 'xstate.done.actor.loadApplication', output: reviewing },
      { type: 'xstate.done.actor.loadApplication', output: approved },
      { type: 'xstate.done.actor.loadApplication', output: rejected },
      { type: 'xstate.error.actor.loadApplication', error: new Error('x') },
    ]
    const events = [
      { type: 'xstate.done.actor.refreshApplication', output: reviewing },
      { type: 'xstate.done.actor.refreshApplication', output: approved },
      { type: 'xstate.done.actor.refreshApplication', output: rejected },
      { type: 'xstate.error.actor.refreshApplication', error: new Error('x') },
      { type: 'xstate.done.actor.submitApplication', output: reviewing },
      { type: 'xstate.error.actor.submitApplication', error: new ApiError({ statusCode: 409, message: CERTIFICATE_MESSAGES.alreadyReviewing }) },
      { type: 'kind.choose', kind: 'person' },
      { type: 'kind.choose', kind: 'company' },
      { type: 'field.change', field: 'realName', value: '王小明' },
      { type: 'field.change', field: 'weixinId', value: 'wang_xm2024' },
      { type: 'field.change', field: 'siaqcNumber', value: 'S0260517090001' },
      { type: 'field.change', field: 'email', value: 'wang@example.com' },
      { type: 'field.change', field: 'personalProfile', value: '八年证券从业经验，专注港股科技板块研究。' },
      { type: 'field.change', field: 'companyName', value: '港美投资咨询有限公司' },
      { type: 'image.pick', image: picked('id.png') },
      { type: 'image.pick', image: picked('id.bmp') },
      { type: 'image.progress', loaded: 500, total: 1000 },
      { type: 'image.done', upload: { idCardImage: `/file/${IMAGE_ID}`, imageId: IMAGE_ID } },
      { type: 'image.failed', message: '上传失败，请重试' },
    ] as never
    const paths = (['index', 'person', 'company'] as const).flatMap((start) => getCoveragePaths(modelMachine, { input: { start }, events: [...loads, ...(events as unknown[])] as never, serializeSnapshot: summary }))
    expectFullCoverage(modelMachine, paths)
  })
})

interface Deferred<T> {
  resolve: (v: T) => void
  reject: (e: unknown) => void
}
const tick = () => new Promise((r) => setTimeout(r, 0))

function harness(start: 'index' | 'person' | 'company' = 'index') {
  const loads: Deferred<CertificateApplication | null>[] = []
  const submits: (Deferred<CertificateApplication> & { input: CertificateBody })[] = []
  const uploads: { file: unknown; report: (e: UploadReport) => void; cancelled: boolean }[] = []
  const actor = createActor(
    auditMachine.provide({
      actors: {
        loadApplication: fromPromise(() => new Promise<CertificateApplication | null>((resolve, reject) => loads.push({ resolve, reject }))),
        submitApplication: fromPromise<CertificateApplication, CertificateBody>(({ input }) => new Promise((resolve, reject) => submits.push({ resolve, reject, input }))),
        uploadImage: fromCallback<{ type: 'never' }, { file: unknown }>(({ input, sendBack }) => {
          const u = { file: input.file, report: (e: UploadReport) => sendBack(e), cancelled: false }
          uploads.push(u)
          return () => void (u.cancelled = true)
        }),
      },
    }),
    { input: { start } },
  ).start()
  return { actor, loads, submits, uploads }
}

async function fillValid(h: ReturnType<typeof harness>) {
  const send = (field: string, value: string) => h.actor.send({ type: 'field.change', field: field as never, value })
  send('realName', ' 王小明 ')
  send('weixinId', 'wang_xm2024')
  send('siaqcNumber', 's0260517090001')
  send('email', 'wang@example.com')
  send('personalProfile', '八年证券从业经验，专注港股科技板块研究。')
  h.actor.send({ type: 'image.pick', image: picked('id.png', 2000) })
  h.uploads.at(-1)!.report({ type: 'image.progress', loaded: 1000, total: 2000 })
  expect(h.actor.getSnapshot().context.image).toEqual({ status: 'uploading', name: 'id.png', loaded: 1000, total: 2000 })
  h.uploads.at(-1)!.report({ type: 'image.done', upload: { idCardImage: `/file/${IMAGE_ID}`, imageId: IMAGE_ID } })
}

describe('auditMachine — behaviour', () => {
  it('index → person → review → submitted: the body sent is trimmed with the certificate number upper-cased', async () => {
    const h = harness()
    h.loads[0]!.resolve(null)
    await tick()
    expectToBeIn(h.actor, 'index')
    h.actor.send({ type: 'kind.choose', kind: 'person' })
    expectToBeIn(h.actor, 'filling.person')
    h.actor.send({ type: 'form.check' })
    expectToBeIn(h.actor, 'filling.person')
    expect(h.actor.getSnapshot().context.errors.realName).toBe(CERTIFICATE_MESSAGES.realName)
    await fillValid(h)
    expect(h.actor.getSnapshot().context.errors).toEqual({})
    h.actor.send({ type: 'form.check' })
    expectToBeIn(h.actor, 'review')
    h.actor.send({ type: 'form.submit' })
    expectToBeIn(h.actor, 'submitting')
    expect(h.submits[0]!.input).toMatchObject({ applicantType: 'person', realName: '王小明', siaqcNumber: 'S0260517090001', imageId: IMAGE_ID, companyName: '' })
    h.submits[0]!.resolve(reviewing)
    await tick()
    expectToBeIn(h.actor, 'submitted')
  })

  it('a refused picture shows the spec’s message and uploads nothing; a new picture stops the running upload', async () => {
    const h = harness('company')
    h.loads[0]!.resolve(null)
    await tick()
    expectToBeIn(h.actor, 'filling.company')
    h.actor.send({ type: 'image.pick', image: picked('id.bmp') })
    expect(h.actor.getSnapshot().context.image).toEqual({ status: 'failed', message: UPLOAD_MESSAGES.imageType })
    h.actor.send({ type: 'image.pick', image: picked('id.png', 3_000_001) })
    expect(h.actor.getSnapshot().context.image).toEqual({ status: 'failed', message: UPLOAD_MESSAGES.imageTooLarge })
    expect(h.uploads).toHaveLength(0)
    h.actor.send({ type: 'image.pick', image: picked('a.png') })
    h.actor.send({ type: 'image.pick', image: picked('b.png') })
    expect(h.uploads.map((u) => u.cancelled)).toEqual([true, false])
    h.uploads[1]!.report({ type: 'image.failed', message: '' })
    expect(h.actor.getSnapshot().context.image).toEqual({ status: 'failed', message: '上传失败，请重试' })
  })

  it('a company needs its name; a failed submission goes back to review with the server’s message', async () => {
    const h = harness('company')
    h.loads[0]!.resolve(null)
    await tick()
    await fillValid(h)
    h.actor.send({ type: 'form.check' })
    expect(h.actor.getSnapshot().context.errors).toEqual({ companyName: CERTIFICATE_MESSAGES.companyName })
    h.actor.send({ type: 'field.change', field: 'companyName', value: '港美投资咨询有限公司' })
    expect(h.actor.getSnapshot().context.errors).toEqual({})
    h.actor.send({ type: 'form.check' })
    h.actor.send({ type: 'form.submit' })
    h.submits[0]!.reject(new ApiError({ statusCode: 409, message: CERTIFICATE_MESSAGES.alreadyReviewing }))
    await tick()
    expectToBeIn(h.actor, 'review')
    expect(h.actor.getSnapshot().context.error).toBe(CERTIFICATE_MESSAGES.alreadyReviewing)
    h.actor.send({ type: 'form.edit' })
    expectToBeIn(h.actor, 'filling.company')
  })

  it('under review, refreshed: approved is final; a load failure offers a retry', async () => {
    const h = harness()
    h.loads[0]!.reject({}) // no message of its own: the fallback
    await tick()
    expectToBeIn(h.actor, 'loadFailed')
    expect(h.actor.getSnapshot().context.error).toBe(AUDIT_FAILED)
    h.actor.send({ type: 'audit.retry' })
    h.loads[1]!.resolve(reviewing)
    await tick()
    expectToBeIn(h.actor, 'submitted')
    h.actor.send({ type: 'status.refresh' })
    h.loads[2]!.resolve(approved)
    await tick()
    expectToBeIn(h.actor, 'success')
    expect(h.actor.getSnapshot().status).toBe('done')
  })

  it('rejected: the reason is kept; applying again starts from the rejected application', async () => {
    const h = harness('person')
    h.loads[0]!.resolve(rejected)
    await tick()
    expectToBeIn(h.actor, 'failure')
    expect(h.actor.getSnapshot().context.application?.rejectReason).toBe('证书编号与姓名不符')
    h.actor.send({ type: 'audit.reapply' })
    expectToBeIn(h.actor, 'index')
    expect(h.actor.getSnapshot().context.form).toEqual(formOf(rejected))
    h.actor.send({ type: 'kind.choose', kind: 'person' })
    h.actor.send({ type: 'form.check' })
    expectToBeIn(h.actor, 'review')
  })
})

describe('imageProblem', () => {
  it('accepts jpg, jpeg, png and gif up to 3,000,000 bytes (spec 001 §5, §9)', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif']) expect(imageProblem({ name, size: 3_000_000, type: '' })).toBeNull()
    expect(imageProblem({ name: 'a.png', size: 3_000_001, type: 'image/png' })).toBe(UPLOAD_MESSAGES.imageTooLarge)
    for (const name of ['a.bmp', 'a.pdf', 'png']) expect(imageProblem({ name, size: 10, type: '' })).toBe(UPLOAD_MESSAGES.imageType)
  })
})

vi.setConfig({ testTimeout: 20_000 })
