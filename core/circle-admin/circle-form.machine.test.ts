import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import type { AdminCircleDetail, CircleFormBody } from '../api/circle-admin-circles'
import { UPLOAD_MESSAGES } from '../validation/upload'
import { CIRCLE_ADMIN_MESSAGES as M, validateCircleForm } from './circles'
import { circleFormMachine, draftForm, type CircleFormContext, type PickedCover } from './circle-form.machine'

const DETAIL: AdminCircleDetail = {
  id: 7,
  type: 'FINANCIAL_CIRCLE',
  name: '老周港股实战圈',
  avatar: '/file/202611/a.png',
  brief: '每日盘前策略。',
  owner: { id: 1, nick: '港股老周', avatar: '', brief: '' },
  role: 'owner',
  reviewStatus: 'approved',
  rejectReason: null,
  paid: true,
  minPrice: 19_900,
  memberCount: 3,
  adminCount: 1,
  createTimestamp: 1_700_000_000,
  intro: '十五年港股投资经验。',
  specs: [{ specsId: 70, months: 12, price: 19_900, sold: true }],
}
const GOOD: PickedCover = { name: 'cover.png', size: 1000, type: 'image/png', file: 'file' }
const BAD: PickedCover = { name: 'cover.pdf', size: 1000, type: 'application/pdf', file: 'file' }

describe('circleFormMachine — model', () => {
  it('reaches every state and takes every transition (a new circle and an edit)', () => {
    const events = [
      { type: 'field.change', field: 'name', value: '新圈子' },
      { type: 'field.change', field: 'brief', value: '简介' },
      { type: 'field.change', field: 'intro', value: '介绍' },
      { type: 'type.choose', circleType: 'GROUP' },
      { type: 'paid.set', paid: true },
      { type: 'price.remove', index: 0 },
      { type: 'price.change', index: 0, yuan: '99' },
      { type: 'cover.pick', cover: GOOD },
      { type: 'cover.pick', cover: BAD },
      { type: 'xstate.done.actor.loadCircle', output: DETAIL },
      { type: 'xstate.done.actor.loadCircle', output: null },
      { type: 'xstate.error.actor.loadCircle', error: { message: '圈子不存在' } },
      { type: 'xstate.done.actor.uploadCover', output: '/file/202611/b.png' },
      { type: 'xstate.error.actor.uploadCover', error: { message: '上传失败' } },
      { type: 'xstate.done.actor.saveCircle', output: DETAIL },
      { type: 'xstate.error.actor.saveCircle', error: { message: '内容包含敏感词，请修改后再提交' } },
    ]
    // the form's words are many values: the graph tells drafts apart only by what the guards read
    const serializeSnapshot = (s: AnyMachineSnapshot) => {
      const c = s.context as CircleFormContext
      return JSON.stringify([s.value, Object.keys(validateCircleForm(draftForm(c.draft))).length === 0, c.typeLocked, c.paidLocked, c.draft.prices[0]?.sold ?? null, c.draft.paid])
    }
    const paths = getCoveragePaths(circleFormMachine, { input: { circleId: 7 }, events: events as never, serializeSnapshot })
    expectFullCoverage(circleFormMachine, paths, { input: { circleId: 7 } })
  })
})

const tick = () => new Promise((r) => setTimeout(r, 0))

function harness(circleId: number | null, opts: { save?: (body: CircleFormBody) => Promise<AdminCircleDetail>; upload?: () => Promise<string> } = {}) {
  const saved: { id: number | null; body: CircleFormBody }[] = []
  const actor = createActor(
    circleFormMachine.provide({
      actors: {
        loadCircle: fromPromise<AdminCircleDetail | null, { id: number | null }>(async ({ input }) => (input.id === null ? null : DETAIL)),
        uploadCover: fromPromise<string, { file: unknown }>(opts.upload ?? (async () => '/file/202611/new.png')),
        saveCircle: fromPromise<AdminCircleDetail, { id: number | null; body: CircleFormBody }>(async ({ input }) => {
          saved.push(input)
          return opts.save ? opts.save(input.body) : { ...DETAIL, id: 99, reviewStatus: 'reviewing', name: input.body.name }
        }),
      },
    }),
    { input: { circleId } },
  ).start()
  return { actor, saved }
}

describe('circleFormMachine — creating', () => {
  it('shows every missing field on the first submit, then follows the typing; a complete form is sent once', async () => {
    const { actor, saved } = harness(null)
    await tick()
    expectToBeIn(actor, 'editing')
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.errors).toMatchObject({ type: M.typeRequired, name: M.nameRequired, avatar: M.avatarRequired })
    actor.send({ type: 'type.choose', circleType: 'FINANCIAL_CIRCLE' })
    actor.send({ type: 'field.change', field: 'name', value: '新圈子' })
    expect(actor.getSnapshot().context.errors.type).toBeUndefined()
    expect(actor.getSnapshot().context.errors.name).toBeUndefined()
    actor.send({ type: 'field.change', field: 'brief', value: '一句话' })
    actor.send({ type: 'field.change', field: 'intro', value: '介绍' })
    actor.send({ type: 'cover.pick', cover: BAD })
    expect(actor.getSnapshot().context.errors.avatar).toBe(UPLOAD_MESSAGES.imageType)
    actor.send({ type: 'cover.pick', cover: { ...GOOD, size: 4_000_000 } })
    expect(actor.getSnapshot().context.errors.avatar).toBe(UPLOAD_MESSAGES.imageTooLarge)
    actor.send({ type: 'cover.pick', cover: GOOD })
    expectToBeIn(actor, 'uploadingCover')
    actor.send({ type: 'form.submit' })
    await tick()
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context.draft.avatar).toBe('/file/202611/new.png')
    actor.send({ type: 'paid.set', paid: true })
    expect(actor.getSnapshot().context.draft.prices).toEqual([{ months: 12, yuan: '', sold: false }])
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.errors.specs).toBe(M.priceInvalid)
    actor.send({ type: 'price.change', index: 0, yuan: '199' })
    actor.send({ type: 'price.add' })
    actor.send({ type: 'price.change', index: 1, yuan: '39.9' })
    actor.send({ type: 'form.submit' })
    expectToBeIn(actor, 'submitting')
    await tick()
    expectToBeIn(actor, 'saved')
    expect(saved).toEqual([
      {
        id: null,
        body: { type: 'FINANCIAL_CIRCLE', name: '新圈子', brief: '一句话', intro: '介绍', avatar: '/file/202611/new.png', paid: true, specs: [{ months: 12, price: 19_900 }, { months: 1, price: 3_990 }] },
      },
    ])
    // the saved circle's type is fixed from now on
    actor.send({ type: 'type.choose', circleType: 'GROUP' })
    expect(actor.getSnapshot().context.draft.type).toBe('FINANCIAL_CIRCLE')
  })

  it('a refusal from the server is shown and the form stays as typed', async () => {
    const { actor } = harness(7, { save: async () => Promise.reject({ message: M.forbiddenWords }) })
    await tick()
    actor.send({ type: 'field.change', field: 'intro', value: '稳赚不赔' })
    actor.send({ type: 'form.submit' })
    await tick()
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context.error).toBe(M.forbiddenWords)
    expect(actor.getSnapshot().context.draft.intro).toBe('稳赚不赔')
  })
})

describe('circleFormMachine — editing', () => {
  it('loads the circle; an approved one keeps its type, free or paid, and its bought period', async () => {
    const { actor, saved } = harness(7)
    expectToBeIn(actor, 'loading')
    await tick()
    expectToBeIn(actor, 'editing')
    const c = () => actor.getSnapshot().context
    expect(c().draft).toMatchObject({ name: DETAIL.name, paid: true, prices: [{ months: 12, yuan: '199', sold: true }] })
    actor.send({ type: 'paid.set', paid: false })
    expect(c().draft.paid).toBe(true)
    actor.send({ type: 'price.remove', index: 0 })
    expect(c().draft.prices).toHaveLength(1)
    actor.send({ type: 'price.change', index: 0, months: 3, yuan: '188' })
    expect(c().draft.prices[0]).toEqual({ months: 12, yuan: '188', sold: true })
    actor.send({ type: 'form.submit' })
    await tick()
    expect(saved[0]!.id).toBe(7)
    expect(saved[0]!.body.specs).toEqual([{ months: 12, price: 18_800 }])
  })

  it('a circle that fails to load can be tried again', async () => {
    let fail = true
    const actor = createActor(
      circleFormMachine.provide({
        actors: {
          loadCircle: fromPromise<AdminCircleDetail | null, { id: number | null }>(async () => {
            if (fail) throw { message: '网络异常' }
            return DETAIL
          }),
        },
      }),
      { input: { circleId: 7 } },
    ).start()
    await tick()
    expectToBeIn(actor, 'loadFailed')
    expect(actor.getSnapshot().context.error).toBe('网络异常')
    fail = false
    actor.send({ type: 'load.retry' })
    await tick()
    expectToBeIn(actor, 'editing')
  })
})
