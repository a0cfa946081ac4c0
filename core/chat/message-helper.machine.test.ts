import { describe, expect, it, afterEach, beforeEach, vi } from 'vitest'
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { FakeActors, shortestModelPaths, walkEveryPath } from '../testing/model-path-driver'
import { isHelperText, messageHelperMachine, type MessageHelperContext } from './message-helper.machine'
import { TEXT_MAX_BYTES } from './limits'
import { fakeTimersPerTest } from '../testing/fake-timers'

function start() {
  const fakes = new FakeActors()
  const actor = createActor(messageHelperMachine.provide({ actors: { send: fakes.logic('send') } })).start()
  return { actor, fakes }
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('messageHelper model', () => {
  const variants: (EventObject & Record<string, unknown>)[] = [
    { type: 'group.toggle', groupId: 'g1' },
    { type: 'content.change', content: '今晚八点直播' },
    { type: 'content.change', content: ' ' },
    { type: 'xstate.done.actor.send', output: { sent: 3, conversations: 3 } },
    { type: 'xstate.error.actor.send', error: new Error('只有群主或管理员可以操作') },
  ]
  const pick = (s: AnyMachineSnapshot) => s.context as MessageHelperContext
  const paths = shortestModelPaths(messageHelperMachine, variants, pick)

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(messageHelperMachine, paths)
  })

  it('a real actor follows every path', () => walkEveryPath(paths, start, pick))
})

describe('messageHelper journeys', () => {
  it('sends to the chosen groups, says how many, and clears the text; a refusal keeps it', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'content.change', content: '今晚八点直播' })
    actor.send({ type: 'helper.send' })
    expectToBeIn(actor, 'editing')
    actor.send({ type: 'group.toggle', groupId: 'g1' })
    actor.send({ type: 'group.toggle', groupId: 'g2' })
    actor.send({ type: 'group.toggle', groupId: 'g1' })
    actor.send({ type: 'helper.send' })
    expect(fakes.inputs('send')).toEqual([{ groupIds: ['g2'], content: '今晚八点直播' }])
    await fakes.resolve('send', { sent: 2, conversations: 2 })
    expect(actor.getSnapshot().context).toEqual({ chosen: ['g2'], content: '', outcome: { kind: 'sent', sent: 2, conversations: 2 } })
    actor.send({ type: 'content.change', content: '再说一次' })
    actor.send({ type: 'helper.send' })
    await fakes.reject('send', new Error('只有群主或管理员可以操作'))
    expect(actor.getSnapshot().context).toMatchObject({ content: '再说一次', outcome: { kind: 'failed', message: '只有群主或管理员可以操作' } })
  })

  it('a text is not blank and within the limit', () => {
    expect(isHelperText(' ')).toBe(false)
    expect(isHelperText('a'.repeat(TEXT_MAX_BYTES))).toBe(true)
    expect(isHelperText('a'.repeat(TEXT_MAX_BYTES + 1))).toBe(false)
    expect(isHelperText('中'.repeat(Math.floor(TEXT_MAX_BYTES / 3) + 1))).toBe(false)
  })
})
