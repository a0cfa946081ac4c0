import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { fakeUploads, heldCalls, pdf, png, RISK, sendThroughRiskChoice, sharedDraftEvents, tick } from '../testing/draft-samples'
import type { RiskCategory } from './draft-steps'
import { canSendCircleDraft, checkAttachments, circleDraftBody, EMPTY_DRAFT, toggleTag, type CircleDraftBody, type DraftKind } from './circle-post'
import { circlePostBoxMachine, type CirclePostContext } from './circle-post-box.machine'
const MOMENT: DraftKind = { kind: 'moment' }

// the uploads never answer in the model: their reports are sent as events
const modelMachine = circlePostBoxMachine.provide({ actors: { uploadAttachment: fromCallback(() => () => undefined) } })

describe('circlePostBoxMachine — model', () => {
  it('reaches every state and takes every transition', () => {
    const summary = (s: AnyMachineSnapshot) => {
      const c = s.context as CirclePostContext
      // only what a guard reads: whether it could be sent, risk categories, the choice
      return JSON.stringify([s.value, canSendCircleDraft(c, c.what), c.riskTips.length > 0, c.riskTipId !== null])
    }
    const paths = getCoveragePaths(modelMachine, {
      input: { momentId: 5, what: MOMENT },
      serializeSnapshot: summary,
      events: [
        { type: 'xstate.done.actor.submit', output: {} },
        { type: 'xstate.error.actor.submit', error: { statusCode: 403, message: '加入圈子后才能发布内容' } },
        ...sharedDraftEvents,
        { type: 'draft.tag', tagId: 2 },
        { type: 'draft.questionType', value: 'anonymity' },
        { type: 'portfolioRef.add', portfolio: { code: 'P1', name: '组合' } },
        { type: 'portfolioRef.remove', code: 'P1' },
        { type: 'attachments.pick', kind: 'image', files: [png('a.png')] },
        { type: 'attachments.pick', kind: 'file', files: [pdf('a.pdf')] },
        { type: 'attachment.remove', key: 'image-1' },
      ] as never,
    } as never)
    expectFullCoverage(modelMachine, paths, { input: { momentId: 5, what: MOMENT } } as never)
  })
})

async function box(opts: { risk?: RiskCategory[]; what?: DraftKind } = {}) {
  const submit = heldCalls<CircleDraftBody>()
  const uploads = fakeUploads()
  let announced = 0
  const actor = createActor(
    circlePostBoxMachine.provide({
      actors: { loadRiskTips: fromPromise<readonly RiskCategory[]>(async () => opts.risk ?? []), uploadAttachment: uploads.actor, submit: submit.actor },
      actions: { announceSent: () => void announced++ },
    }),
    { input: { momentId: 5, what: opts.what ?? MOMENT } },
  ).start()
  await tick()
  return { actor, submits: submit.calls, uploads: uploads.uploads, announced: () => announced }
}

describe('circlePostBoxMachine — behaviour', () => {
  it('keeps what the reader writes while the risk categories are still loading (a slow connection loses nothing)', async () => {
    let answer: (tips: readonly RiskCategory[]) => void = () => undefined
    const actor = createActor(
      circlePostBoxMachine.provide({ actors: { loadRiskTips: fromPromise<readonly RiskCategory[]>(() => new Promise((resolve) => (answer = resolve))) } }),
      { input: { momentId: 5, what: { kind: 'question' } } },
    ).start()
    expectToBeIn(actor, 'loadingRiskTips')
    actor.send({ type: 'draft.body', value: '请问老周怎么看腾讯？' })
    actor.send({ type: 'draft.questionType', value: 'anonymity' })
    answer(RISK)
    await tick()
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context.body).toBe('请问老周怎么看腾讯？')
    expect(actor.getSnapshot().context.questionType).toBe('anonymity')
  })

  it('images upload at once with progress; removing one cancels its upload; a file then is refused (spec 001 §8)', async () => {
    const h = await box()
    expectToBeIn(h.actor, 'editing')
    h.actor.send({ type: 'attachments.pick', kind: 'image', files: [png('a.png'), png('b.png')] })
    expect(h.uploads.map((u) => u.input.key)).toEqual(['image-1', 'image-2'])
    h.uploads[0]!.report({ type: 'upload.progress', key: 'image-1', loaded: 30, total: 100 })
    expect(h.actor.getSnapshot().context.attachments[0]).toMatchObject({ status: 'uploading', loaded: 30, total: 100 })
    h.actor.send({ type: 'attachment.remove', key: 'image-2' })
    expect(h.uploads[1]!.cancelled).toBe(true)
    h.actor.send({ type: 'attachments.pick', kind: 'file', files: [pdf('a.pdf')] })
    expect(h.actor.getSnapshot().context.notice).toBe('不能同时上传图片和文件')
    expect(h.uploads).toHaveLength(2)
  })

  it('an 11th file is refused: 上传数量限制为10个', async () => {
    const h = await box()
    h.actor.send({ type: 'attachments.pick', kind: 'file', files: Array.from({ length: 10 }, (_, i) => pdf(`${i}.pdf`)) })
    h.actor.send({ type: 'attachments.pick', kind: 'file', files: [pdf('x.pdf')] })
    expect(h.uploads).toHaveLength(10)
    expect(h.actor.getSnapshot().context.notice).toBe('上传数量限制为10个')
  })

  it('files alone may be sent; the body names them with their extension; the box clears and announces', async () => {
    const h = await box()
    h.actor.send({ type: 'attachments.pick', kind: 'file', files: [pdf('年报.pdf')] })
    h.actor.send({ type: 'post.send' })
    expectToBeIn(h.actor, 'editing')
    h.uploads[0]!.report({ type: 'upload.done', key: 'file-1', url: '/file/k1' })
    h.actor.send({ type: 'stock.add', stock: { code: 'hk00700', name: '腾讯控股' } })
    h.actor.send({ type: 'portfolioRef.add', portfolio: { code: 'P100', name: '稳健组合' } })
    h.actor.send({ type: 'draft.tag', tagId: 3 })
    h.actor.send({ type: 'post.send' })
    expectToBeIn(h.actor, 'sending')
    expect(h.submits[0]!.input).toEqual({
      momentId: 5,
      content: '',
      riskTipId: null,
      topic: null,
      momentTags: [3],
      pictureUrls: [],
      files: [{ url: '/file/k1', name: '年报.pdf', extension: 'pdf' }],
      refContents: ['hk00700', 'P100'],
    })
    h.submits[0]!.resolve({})
    await tick()
    expectToBeIn(h.actor, 'editing')
    expect(h.actor.getSnapshot().context).toMatchObject({ body: '', attachments: [], sent: 1 })
    expect(h.announced()).toBe(1)
  })

  it('with risk categories a moment asks first, a question does not', async () => {
    const h = await box({ risk: RISK })
    sendThroughRiskChoice(h.actor, '看好腾讯')
    expect(h.submits[0]!.input.riskTipId).toBe(1)

    const q = await box({ risk: RISK, what: { kind: 'question' } })
    q.actor.send({ type: 'draft.body', value: '腾讯还能拿吗？' })
    q.actor.send({ type: 'draft.questionType', value: 'anonymity' })
    q.actor.send({ type: 'post.send' })
    expectToBeIn(q.actor, 'sending')
    expect(q.submits[0]!.input).toEqual({ momentId: 5, content: '腾讯还能拿吗？', riskTipId: null, questionType: 'anonymity' })
  })

  it('an answer names its question; a refusal shows the server message and keeps the text', async () => {
    const h = await box({ what: { kind: 'answer', replyId: 77 } })
    h.actor.send({ type: 'draft.body', value: '可以继续持有' })
    h.actor.send({ type: 'post.send' })
    expect(h.submits[0]!.input).toEqual({ momentId: 5, content: '可以继续持有', riskTipId: null, replyId: 77 })
    h.submits[0]!.reject({ statusCode: 403, message: '仅圈主和管理员可以操作' })
    await tick()
    expect(h.actor.getSnapshot().context).toMatchObject({ notice: '仅圈主和管理员可以操作', body: '可以继续持有' })
  })
})

describe('circle post rules', () => {
  it('a question or answer needs text; a moment text, a picture or a file', () => {
    expect(canSendCircleDraft(EMPTY_DRAFT, MOMENT)).toBe(false)
    expect(canSendCircleDraft({ ...EMPTY_DRAFT, body: '  ' }, { kind: 'question' })).toBe(false)
    expect(canSendCircleDraft({ ...EMPTY_DRAFT, body: '问' }, { kind: 'question' })).toBe(true)
  })

  it('images and files never mix, whatever is attached', () => {
    fc.assert(
      fc.property(fc.nat(5), fc.nat(5), (images, files) => {
        const attachments = [
          ...Array.from({ length: images }, (_, i) => ({ key: `i${i}`, kind: 'image' as const, name: 'a.png', size: 1, type: 'image/png', preview: '', status: 'done' as const, loaded: 1, total: 1, url: '/x', error: null })),
          ...Array.from({ length: files }, (_, i) => ({ key: `f${i}`, kind: 'file' as const, name: 'a.pdf', size: 1, type: '', preview: '', status: 'done' as const, loaded: 1, total: 1, url: '/x', error: null })),
        ]
        const img = checkAttachments('image', [png('b.png')], { attachments }).ok
        const file = checkAttachments('file', [pdf('b.pdf')], { attachments }).ok
        if (files > 0) expect(img).toBe(false)
        if (images > 0) expect(file).toBe(false)
      }),
    )
  })

  it('at most three tags; choosing one again takes it off', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 20 }), (clicks) => {
        const tags = clicks.reduce<readonly number[]>((acc, id) => toggleTag(acc, id), [])
        expect(tags.length).toBeLessThanOrEqual(3)
        expect(new Set(tags).size).toBe(tags.length)
      }),
    )
  })

  it('an empty title is left out; the text keeps its line breaks as <br>', () => {
    expect(circleDraftBody({ ...EMPTY_DRAFT, body: '第一行\n第二行' }, 1, MOMENT, null)).toMatchObject({ content: '第一行<br>第二行' })
    expect('title' in circleDraftBody({ ...EMPTY_DRAFT, title: '  ' }, 1, MOMENT, null)).toBe(false)
  })
})
