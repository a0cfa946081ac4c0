import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { fakeUploads, heldCalls, png, RISK, sendThroughRiskChoice, sharedDraftEvents, tick } from '../testing/draft-samples'
import { canSendDiscussion } from './discussion'
import type { RiskCategory } from './draft-steps'
import { discussionDialogMachine, type DiscussionContext, type PublishInput } from './discussion-dialog.machine'

// the uploads never answer in the model: their reports are sent as events
const modelMachine = discussionDialogMachine.provide({ actors: { uploadImage: fromCallback(() => () => undefined) } })

describe('discussionDialogMachine — model', () => {
  it('reaches every state and takes every transition', () => {
    const summary = (s: AnyMachineSnapshot) => {
      const c = s.context as DiscussionContext
      // only what a guard reads: whether it could be sent, images at all, uploads, risk, the notice
      return JSON.stringify([s.value, canSendDiscussion(c), c.images.length > 0, c.images.some((i) => i.status === 'uploading'), c.riskTips.length, c.riskTipId, c.notice !== null])
    }
    const options = {
      serializeSnapshot: summary,
      events: [
        { type: 'xstate.done.actor.requireLogin', output: true },
        { type: 'xstate.done.actor.requireLogin', output: false },
        { type: 'xstate.error.actor.requireLogin', error: new Error('x') },
        { type: 'xstate.done.actor.publish', output: {} },
        { type: 'xstate.error.actor.publish', error: { statusCode: 417, message: '内容包含违规信息，请修改后再发布' } },
        ...sharedDraftEvents,
        { type: 'images.pick', files: [png('a.png')] },
        { type: 'images.pick', files: [png('a.bmp')] },
        { type: 'image.remove', key: 'image-1' },
      ] as never,
    }
    const paths = getCoveragePaths(modelMachine, options)
    expectFullCoverage(modelMachine, paths)
  })
})

function harness(opts: { signedIn?: boolean; risk?: RiskCategory[] } = {}) {
  const publish = heldCalls<PublishInput>()
  const uploads = fakeUploads()
  const actor = createActor(
    discussionDialogMachine.provide({
      actors: {
        requireLogin: fromPromise(async () => opts.signedIn ?? true),
        loadRiskTips: fromPromise<readonly RiskCategory[]>(async () => opts.risk ?? []),
        uploadImage: uploads.actor,
        publish: publish.actor,
      },
    }),
  ).start()
  return { actor, publishes: publish.calls, uploads: uploads.uploads }
}

async function opened(opts: Parameters<typeof harness>[0] = {}) {
  const h = harness(opts)
  h.actor.send({ type: 'post.open' })
  await tick()
  await tick()
  return h
}

describe('discussionDialogMachine — behaviour', () => {
  it('a guest who closes the login dialog never sees the dialog', async () => {
    const h = await opened({ signedIn: false })
    expectToBeIn(h.actor, 'closed')
  })

  it('picked images upload at once with progress; removing one cancels its upload', async () => {
    const h = await opened()
    expectToBeIn(h.actor, 'editing')
    h.actor.send({ type: 'images.pick', files: [png('a.png'), png('b.png'), png('c.png')] })
    expect(h.uploads.map((u) => u.input.key)).toEqual(['image-1', 'image-2', 'image-3'])
    h.uploads[0]!.report({ type: 'upload.progress', key: 'image-1', loaded: 30, total: 100 })
    expect(h.actor.getSnapshot().context.images[0]).toMatchObject({ status: 'uploading', loaded: 30, total: 100 })
    h.actor.send({ type: 'image.remove', key: 'image-2' })
    expect(h.uploads[1]!.cancelled).toBe(true)
    expect(h.uploads[0]!.cancelled).toBe(false)
    expect(h.actor.getSnapshot().context.images.map((i) => i.key)).toEqual(['image-1', 'image-3'])
  })

  it('a 10th image is refused with the dialog message and nothing uploads', async () => {
    const h = await opened()
    h.actor.send({ type: 'images.pick', files: Array.from({ length: 9 }, (_, i) => png(`${i}.png`)) })
    h.actor.send({ type: 'images.pick', files: [png('x.png')] })
    expect(h.uploads).toHaveLength(9)
    expect(h.actor.getSnapshot().context.notice).toBe('最多只能上传9张图片')
    h.actor.send({ type: 'notice.close' })
    expect(h.actor.getSnapshot().context.notice).toBeNull()
  })

  it('cannot send while an image uploads; sends the uploaded addresses once done', async () => {
    const h = await opened()
    h.actor.send({ type: 'draft.body', value: '看好腾讯' })
    h.actor.send({ type: 'images.pick', files: [png('a.png')] })
    h.actor.send({ type: 'post.send' })
    expectToBeIn(h.actor, 'editing')
    h.uploads[0]!.report({ type: 'upload.done', key: 'image-1', url: '/upload/a.png' })
    h.actor.send({ type: 'post.send' })
    expectToBeIn(h.actor, 'sending')
    expect(h.publishes[0]!.input).toMatchObject({ content: '看好腾讯', pictureUrls: ['/upload/a.png'], riskTipId: null })
    h.publishes[0]!.resolve({})
    await tick()
    expectToBeIn(h.actor, 'published')
    h.actor.send({ type: 'post.close' })
    expectToBeIn(h.actor, 'closed')
  })

  it('with risk categories, the modal asks first; confirm needs a choice; the choice is sent', async () => {
    const h = await opened({ risk: RISK })
    sendThroughRiskChoice(h.actor, '看好腾讯')
    expectToBeIn(h.actor, 'sending')
    expect(h.publishes[0]!.input.riskTipId).toBe(1)
  })

  it('a refusal shows the server message in the notice and keeps the draft', async () => {
    const h = await opened()
    h.actor.send({ type: 'draft.body', value: '违规内容' })
    h.actor.send({ type: 'post.send' })
    h.publishes[0]!.reject({ statusCode: 417, message: '内容包含违规信息，请修改后再发布' })
    await tick()
    expectToBeIn(h.actor, 'editing')
    expect(h.actor.getSnapshot().context).toMatchObject({ notice: '内容包含违规信息，请修改后再发布', body: '违规内容' })
  })

  it('closing cancels the uploads in flight and forgets the draft', async () => {
    const h = await opened()
    h.actor.send({ type: 'draft.body', value: 'x' })
    h.actor.send({ type: 'images.pick', files: [png('a.png')] })
    h.actor.send({ type: 'post.close' })
    expect(h.uploads[0]!.cancelled).toBe(true)
    expect(h.actor.getSnapshot().context).toMatchObject({ body: '', images: [] })
  })
})
