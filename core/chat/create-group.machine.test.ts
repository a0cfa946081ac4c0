import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate'
import fc from 'fast-check'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { FakeActors, shortestModelPaths, walkEveryPath } from '../testing/model-path-driver'
import { createGroupMachine, isGroupName, type CreateGroupContext } from './create-group.machine'
import { GROUP_NAME_MAX } from './limits'
import { fakeTimersPerTest } from '../testing/fake-timers'

function start() {
  const fakes = new FakeActors()
  const created = vi.fn()
  const actor = createActor(createGroupMachine.provide({ actors: { createGroup: fakes.logic('createGroup') } }))
  actor.on('group.created', created)
  actor.start()
  return { actor, fakes, created }
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('createGroup model', () => {
  const variants: (EventObject & Record<string, unknown>)[] = [
    { type: 'name.change', name: '港股夜谈' },
    { type: 'name.change', name: '   ' },
    { type: 'xstate.done.actor.createGroup', output: { groupId: 'GROUP_CHAT_V2_a1' } },
    { type: 'xstate.error.actor.createGroup', error: new Error('只有认证投顾可以创建群聊') },
  ]
  const pick = (s: AnyMachineSnapshot) => s.context as CreateGroupContext
  const paths = shortestModelPaths(createGroupMachine, variants, pick)

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(createGroupMachine, paths)
  })

  it('a real actor follows every path', () => walkEveryPath(paths, start, pick))
})

describe('createGroup journeys', () => {
  it('names, creates and opens the conversation; the form closes empty', async () => {
    const { actor, fakes, created } = start()
    actor.send({ type: 'form.open' })
    actor.send({ type: 'form.submit' })
    expectToBeIn(actor, 'editing')
    actor.send({ type: 'name.change', name: '  港股夜谈 ' })
    actor.send({ type: 'form.submit' })
    expect(fakes.inputs('createGroup')).toEqual([{ name: '港股夜谈' }])
    await fakes.resolve('createGroup', { groupId: 'GROUP_CHAT_V2_a1' })
    expect(created).toHaveBeenCalledWith({ type: 'group.created', conversationId: 'GROUPGROUP_CHAT_V2_a1' })
    expectToBeIn(actor, 'closed')
    expect(actor.getSnapshot().context).toEqual({ name: '', error: null })
  })

  it('a refusal shows its reason and keeps the name', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'form.open' })
    actor.send({ type: 'name.change', name: '港股夜谈' })
    actor.send({ type: 'form.submit' })
    await fakes.reject('createGroup', new Error('只有认证投顾可以创建群聊'))
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context).toEqual({ name: '港股夜谈', error: '只有认证投顾可以创建群聊' })
  })

  it('a name is 1 to 30 characters once trimmed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        const trimmed = name.trim()
        expect(isGroupName(name)).toBe(trimmed !== '' && [...trimmed].length <= GROUP_NAME_MAX)
      }),
    )
    expect(isGroupName('群'.repeat(30))).toBe(true)
    expect(isGroupName('群'.repeat(31))).toBe(false)
  })
})
