import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { canSaveDraft, checkArticle } from './article-draft'
import { articleEditorMachine, type ArticleEditorContext, type LoadedDraft, type PublishArticleInput, type SaveInput } from './article-editor.machine'

const DRAFT: LoadedDraft = { id: 7, title: '腾讯长文', tokens: [{ type: 'text', text: '第一段' }] }

describe('articleEditorMachine — model', () => {
  it('reaches every state and takes every transition', () => {
    {
      const machine = articleEditorMachine
      const summary = (s: AnyMachineSnapshot) => {
        const c = s.context as ArticleEditorContext
        return JSON.stringify([s.value, canSaveDraft(c), checkArticle(c).ok, c.link === null ? null : c.link.url !== '', c.notice !== null])
      }
      const paths = getCoveragePaths(machine, {
        serializeSnapshot: summary,
        events: [
          { type: 'xstate.done.actor.loadDraft', output: DRAFT },
          { type: 'xstate.error.actor.loadDraft', error: { statusCode: 404, message: '草稿不存在' } },
          { type: 'xstate.done.actor.uploadImage', output: '/file/a.png' },
          { type: 'xstate.error.actor.uploadImage', error: { statusCode: 400, message: '仅支持 .jpg .jpeg .png .gif' } },
          { type: 'xstate.done.actor.saveDraft', output: DRAFT },
          { type: 'xstate.error.actor.saveDraft', error: { statusCode: 500, message: '服务器繁忙，请稍后重试' } },
          { type: 'xstate.done.actor.publish', output: { id: 9 } },
          { type: 'xstate.error.actor.publish', error: { statusCode: 400, message: '内容包含违规信息，请修改后再发布' } },
          { type: 'draft.open', id: 7 },
          { type: 'title.change', value: '标题' },
          { type: 'title.change', value: '' },
          { type: 'text.change', index: 0, value: '正文' },
          { type: 'token.place', token: { type: 'stock', code: 'hk00700', name: '腾讯控股' } },
          { type: 'token.remove', index: 1 },
          { type: 'link.open' },
          { type: 'link.url', value: 'www.hkex.com.hk' },
          { type: 'link.text', value: '港交所' },
          { type: 'link.confirm' },
          { type: 'link.cancel' },
          { type: 'image.pick', file: {} },
          { type: 'preview.toggle' },
          { type: 'draft.save' },
          { type: 'article.publish' },
          { type: 'notice.close' },
        ] as never,
      } as never)
      expectFullCoverage(machine, paths)
    }
  })
})

interface Deferred<T, I> {
  input: I
  resolve: (v: T) => void
  reject: (e: unknown) => void
}

function harness(draftId: number | null = null) {
  const saves: Deferred<LoadedDraft, SaveInput>[] = []
  const publishes: Deferred<{ id: number }, PublishArticleInput>[] = []
  const actor = createActor(
    articleEditorMachine.provide({
      actors: {
        loadDraft: fromPromise<LoadedDraft, { id: number }>(async ({ input }) => ({ ...DRAFT, id: input.id })),
        uploadImage: fromPromise<string, { file: unknown }>(async () => '/file/up.png'),
        saveDraft: fromPromise<LoadedDraft, SaveInput>(({ input }) => new Promise((resolve, reject) => saves.push({ input, resolve, reject }))),
        publish: fromPromise<{ id: number }, PublishArticleInput>(({ input }) => new Promise((resolve, reject) => publishes.push({ input, resolve, reject }))),
      },
    }),
).start()
  if (draftId !== null) actor.send({ type: 'draft.open', id: draftId })
  return { actor, saves, publishes }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('articleEditorMachine — behaviour', () => {
  it('writes, saves a draft (made once, then updated), publishes from it', async () => {
    const { actor, saves, publishes } = harness()
    expectToBeIn(actor, 'editing')
    actor.send({ type: 'draft.save' })
    expectToBeIn(actor, 'editing') // nothing to save yet
    actor.send({ type: 'title.change', value: ' 腾讯长文 ' })
    actor.send({ type: 'text.change', index: 0, value: '看好' })
    actor.send({ type: 'token.place', token: { type: 'stock', code: 'hk00700', name: '腾讯控股' } })
    actor.send({ type: 'draft.save' })
    expectToBeIn(actor, 'saving')
    expect(saves[0]!.input).toEqual({ id: null, title: '腾讯长文', tokens: [{ type: 'text', text: '看好' }, { type: 'stock', code: 'hk00700', name: '腾讯控股' }] })
    saves[0]!.resolve({ ...DRAFT, id: 12 })
    await tick()
    expect(actor.getSnapshot().context).toMatchObject({ draftId: 12, saved: true })
    actor.send({ type: 'text.change', index: 2, value: '的长期' })
    expect(actor.getSnapshot().context.saved).toBe(false)
    actor.send({ type: 'draft.save' })
    expect(saves[1]!.input.id).toBe(12)
    saves[1]!.resolve({ ...DRAFT, id: 12 })
    await tick()
    actor.send({ type: 'article.publish' })
    expect(publishes[0]!.input).toMatchObject({ draftId: 12, title: '腾讯长文' })
    publishes[0]!.resolve({ id: 99 })
    await tick()
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.publishedId).toBe(99)
  })

  it('reopens a draft by id', async () => {
    const { actor } = harness(7)
    expectToBeIn(actor, 'loading')
    await tick()
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context).toMatchObject({ draftId: 7, title: '腾讯长文', tokens: [{ type: 'text', text: '第一段' }] })
  })

  it('the link dialog shows its message and places nothing until the address passes; publishing explains what is missing', () => {
    const { actor } = harness()
    actor.send({ type: 'link.open' })
    actor.send({ type: 'link.confirm' })
    expect(actor.getSnapshot().context.link?.error).toBe('请填写超链接地址')
    actor.send({ type: 'link.url', value: 'javascript:alert(1)' })
    actor.send({ type: 'link.confirm' })
    expect(actor.getSnapshot().context.link?.error).toBe('所填写超链接不合规')
    actor.send({ type: 'link.url', value: ' www.hkex.com.hk ' })
    actor.send({ type: 'link.confirm' })
    expect(actor.getSnapshot().context.link).toBeNull()
    expect(actor.getSnapshot().context.tokens).toContainEqual({ type: 'link', url: 'www.hkex.com.hk', text: 'www.hkex.com.hk' })
    actor.send({ type: 'article.publish' })
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context.notice).toBe('请输入标题')
  })

  it("the server's refusal shows in the 温馨提示 dialog and the article stays", async () => {
    const { actor, publishes } = harness()
    actor.send({ type: 'title.change', value: '标题' })
    actor.send({ type: 'text.change', index: 0, value: '正文' })
    actor.send({ type: 'article.publish' })
    publishes[0]!.reject({ statusCode: 400, message: '内容包含违规信息，请修改后再发布' })
    await tick()
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context).toMatchObject({ notice: '内容包含违规信息，请修改后再发布', title: '标题' })
    actor.send({ type: 'image.pick', file: {} })
    await tick()
    expect(actor.getSnapshot().context.tokens).toContainEqual({ type: 'image', url: '/file/up.png' })
  })
})
