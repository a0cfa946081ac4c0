/**
 * What the tests of the two draft machines share (core/posting/discussion-dialog.machine.test.ts,
 * core/posting/circle-post-box.machine.test.ts): picked files, the risk categories, upload actors that
 * the test answers by hand, and a promise actor whose calls the test settles.
 */
import { fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import { expectToBeIn } from './model-coverage'
import type { RiskCategory } from '../posting/draft-steps'
import type { UploadInput, UploadReport } from '../posting/draft-uploads'

export const RISK: RiskCategory[] = [{ id: 1, name: '个股分析' }]
export const png = (name: string, size = 100) => ({ name, size, type: 'image/png', file: { name }, preview: `blob:${name}` })
export const pdf = (name: string) => ({ name, size: 1000, type: 'application/pdf', file: { name }, preview: '' })

/** Lets the promise actors and the machine settle. */
export const tick = () => new Promise((r) => setTimeout(r, 0))

/**
 * The event payloads a model test of either machine sends for what they share: the risk categories read
 * (some, none, failed), the edits, the risk choice, and the reports of the upload `image-1` (the model's
 * uploads never answer by themselves).
 */
export const sharedDraftEvents = [
  { type: 'xstate.done.actor.loadRiskTips', output: [] },
  { type: 'xstate.done.actor.loadRiskTips', output: RISK },
  { type: 'xstate.error.actor.loadRiskTips', error: new Error('x') },
  { type: 'draft.title', value: '标题' },
  { type: 'draft.body', value: '看好腾讯' },
  { type: 'draft.topic', topic: { topicId: 3, topicName: '美股' } },
  { type: 'stock.add', stock: { code: 'hk00700', name: '腾讯控股' } },
  { type: 'stock.remove', code: 'hk00700' },
  { type: 'upload.progress', key: 'image-1', loaded: 50, total: 100 },
  { type: 'upload.done', key: 'image-1', url: '/upload/a.png' },
  { type: 'upload.failed', key: 'image-1', message: '上传失败' },
  { type: 'risk.choose', id: 1 },
] as const

/** Upload actors that report only when the test says, and remember being cancelled. */
export function fakeUploads() {
  const uploads: Array<{ input: UploadInput; report: (e: UploadReport) => void; cancelled: boolean }> = []
  const actor = fromCallback<{ type: 'never' }, UploadInput>(({ input, sendBack }) => {
    const u = { input, report: (e: UploadReport) => sendBack(e), cancelled: false }
    uploads.push(u)
    return () => {
      u.cancelled = true
    }
  })
  return { uploads, actor }
}

/** A promise actor whose every call waits for the test to resolve or reject it. */
export function heldCalls<I>() {
  const calls: Array<{ input: I; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = []
  const actor = fromPromise<unknown, I>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })))
  return { calls, actor }
}

/** With risk categories: the text is typed and sent, the modal asks, its confirm waits for a choice, then category 1 goes. */
export function sendThroughRiskChoice(actor: AnyActorRef, text: string) {
  actor.send({ type: 'draft.body', value: text })
  actor.send({ type: 'post.send' })
  expectToBeIn(actor, 'choosingRisk')
  actor.send({ type: 'risk.confirm' })
  expectToBeIn(actor, 'choosingRisk')
  actor.send({ type: 'risk.choose', id: 1 })
  actor.send({ type: 'risk.confirm' })
}
