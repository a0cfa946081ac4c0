import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createActor, fromPromise } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { TOGGLE_FAILED } from '../toggle/toggle.machine'
import { shareLink, shareMachine, sharePagePath, type ShareCode, type ShareSource } from './share.machine'

const input = { source: 'post' as const, id: 12 }

describe('shareMachine — model', () => {
  it('reaches every state and takes every transition', () => {
    const paths = getCoveragePaths(shareMachine, {
      input,
      events: [
        { type: 'xstate.done.actor.requireLogin', output: true },
        { type: 'xstate.done.actor.requireLogin', output: false },
        { type: 'xstate.error.actor.requireLogin', error: new Error('x') },
        { type: 'xstate.done.actor.createShare', output: { code: 'Abc234', title: '腾讯' } },
        { type: 'xstate.error.actor.createShare', error: { message: '内容审核中' } },
        { type: 'xstate.done.actor.copyLink', output: undefined },
        { type: 'xstate.error.actor.copyLink', error: new Error('denied') },
      ] as never,
    })
    expectFullCoverage(shareMachine, paths, { input })
  })
})

const tick = () => new Promise((r) => setTimeout(r, 0))

function harness(opts: { signedIn?: boolean; create?: () => Promise<ShareCode>; copy?: () => Promise<unknown> } = {}) {
  const creates: { source: string; id: number }[] = []
  const copies: string[] = []
  const actor = createActor(
    shareMachine.provide({
      actors: {
        requireLogin: fromPromise(async () => opts.signedIn ?? true),
        createShare: fromPromise<ShareCode, { source: ShareSource; id: number }>(async ({ input: i }) => {
          creates.push(i)
          return (opts.create ?? (async () => ({ code: 'Abc234xyz789', title: '腾讯三季报点评' })))()
        }),
        copyLink: fromPromise<unknown, { code: string }>(async ({ input: i }) => {
          copies.push(i.code)
          return (opts.copy ?? (async () => undefined))()
        }),
      },
    }),
    { input },
  ).start()
  return { actor, creates, copies }
}

describe('shareMachine — behaviour', () => {
  it('分享 asks for the code once, shows it, copies it (复制成功); a second 分享 shows the same code without asking', async () => {
    const h = harness()
    h.actor.send({ type: 'share.open' })
    await tick()
    expectToBeIn(h.actor, 'shown')
    expect(h.creates).toEqual([{ source: 'post', id: 12 }])
    expect(h.actor.getSnapshot().context.share).toEqual({ code: 'Abc234xyz789', title: '腾讯三季报点评' })
    h.actor.send({ type: 'copy.click' })
    await tick()
    expect(h.copies).toEqual(['Abc234xyz789'])
    expect(h.actor.getSnapshot().context.copy).toBe('copied')
    h.actor.send({ type: 'share.close' })
    h.actor.send({ type: 'share.open' })
    expectToBeIn(h.actor, 'shown')
    expect(h.actor.getSnapshot().context.copy).toBe('none')
    expect(h.creates).toHaveLength(1)
  })

  it('a refused clipboard says so and keeps the link shown (复制失败，请手动复制)', async () => {
    const h = harness({ copy: () => Promise.reject(new Error('NotAllowedError')) })
    h.actor.send({ type: 'share.open' })
    await tick()
    h.actor.send({ type: 'copy.click' })
    await tick()
    expectToBeIn(h.actor, 'shown')
    expect(h.actor.getSnapshot().context.copy).toBe('failed')
  })

  it('a guest who closes the login dialog asks for nothing', async () => {
    const h = harness({ signedIn: false })
    h.actor.send({ type: 'share.open' })
    await tick()
    expectToBeIn(h.actor, 'closed')
    expect(h.creates).toEqual([])
  })

  it("the server's refusal shows its message; 重试 asks again", async () => {
    let fail = true
    const h = harness({ create: () => (fail ? Promise.reject({ message: '内容审核中' }) : Promise.resolve({ code: 'Z', title: 't' })) })
    h.actor.send({ type: 'share.open' })
    await tick()
    expectToBeIn(h.actor, 'failed')
    expect(h.actor.getSnapshot().context.error).toBe('内容审核中')
    fail = false
    h.actor.send({ type: 'share.retry' })
    await tick()
    expectToBeIn(h.actor, 'shown')
    expect(h.actor.getSnapshot().context.error).toBeNull()
  })

  it('a failure without a message gets the Chinese fallback', async () => {
    const h = harness({ create: () => Promise.reject(new Error('')) })
    h.actor.send({ type: 'share.open' })
    await tick()
    expect(h.actor.getSnapshot().context.error).toBe(TOGGLE_FAILED)
  })
})

describe('the share link', () => {
  it('is the public share page of the code on this origin', () => {
    expect(sharePagePath('Abc234xyz789')).toBe('/share/Abc234xyz789')
    expect(shareLink('https://www.example.com', 'Abc234xyz789')).toBe('https://www.example.com/share/Abc234xyz789')
    expect(shareLink('http://127.0.0.1:3000/', 'k2')).toBe('http://127.0.0.1:3000/share/k2')
  })

  it('any code of the contract (1 to 32 letters and digits) makes a link to its page, on any origin', () => {
    fc.assert(
      fc.property(fc.constantFrom('http', 'https'), fc.domain(), fc.stringMatching(/^[A-Za-z0-9]{1,32}$/), (scheme, domain, code) => {
        const origin = new URL(`${scheme}://${domain}`).origin
        const link = new URL(shareLink(origin, code))
        expect(link.origin).toBe(origin)
        expect(link.pathname.startsWith('/share/')).toBe(true)
        expect(link.pathname).toBe(`/share/${code}`)
      }),
    )
  })
})
