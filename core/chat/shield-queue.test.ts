import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyMarkers, isHidden, onMessageDeleted, onMessageUpserted, publicMessage, readCustomData, shieldTarget, type HideQueue } from './shield-queue'

const shield = (msgId: string) => ({ cloudCustomData: JSON.stringify({ bizType: 'shieldMsg', data: { msgId } }) })

describe('shieldTarget', () => {
  it('reads the hidden message id from the custom data', () => {
    expect(shieldTarget(shield('m-1'))).toBe('m-1')
    expect(shieldTarget({ cloudCustomData: JSON.stringify({ bizType: 'other', data: { msgId: 'm-1' } }) })).toBeNull()
    expect(shieldTarget({ cloudCustomData: undefined })).toBeNull()
    expect(shieldTarget({ cloudCustomData: JSON.stringify({ bizType: 'shieldMsg' }) })).toBeNull()
  })
  it('broken JSON is not a shield marker and is reported, not thrown (spec 001 §8: logged only)', () => {
    expect(shieldTarget({ cloudCustomData: '{oops' })).toBeNull()
    expect(readCustomData('{oops').ok).toBe(false)
    expect(readCustomData('{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
  })
  it('never throws on any custom data', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
      expect(() => shieldTarget({ cloudCustomData: raw })).not.toThrow()
    }))
  })
})

describe('hide queue', () => {
  it('adding or updating a shield message queues its target; publicMessage removes it', () => {
    let queue: HideQueue = []
    queue = onMessageUpserted(queue, shield('a'))
    queue = onMessageUpserted(queue, { cloudCustomData: '' })
    queue = onMessageUpserted(queue, shield('a'))
    expect(queue).toEqual(['a'])
    queue = onMessageDeleted(queue, shield('b'))
    expect(queue).toEqual(['a', 'b'])
    expect(isHidden(queue, 'b')).toBe(true)
    queue = publicMessage(queue, 'a')
    expect(queue).toEqual(['b'])
    expect(isHidden(queue, 'a')).toBe(false)
  })

  const op = fc.oneof(
    fc.record({ kind: fc.constant('upsert' as const), id: fc.constantFrom('a', 'b', 'c') }),
    fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom('a', 'b', 'c') }),
    fc.record({ kind: fc.constant('plain' as const), id: fc.constant('') }),
    fc.record({ kind: fc.constant('public' as const), id: fc.constantFrom('a', 'b', 'c') }),
  )
  const run = (ops: readonly { kind: string; id: string }[]) =>
    ops.reduce<HideQueue>((q, o) =>
      o.kind === 'upsert' ? onMessageUpserted(q, shield(o.id))
      : o.kind === 'delete' ? onMessageDeleted(q, shield(o.id))
      : o.kind === 'public' ? publicMessage(q, o.id)
      : onMessageUpserted(q, { cloudCustomData: '{"bizType":"text"}' }), [])

  it('an id is hidden iff its last shield/public event was a shield', () => {
    fc.assert(fc.property(fc.array(op), (ops) => {
      const queue = run(ops)
      expect(new Set(queue).size).toBe(queue.length)
      for (const id of ['a', 'b', 'c']) {
        const last = [...ops].reverse().find((o) => o.id === id)
        expect(isHidden(queue, id)).toBe(last !== undefined && last.kind !== 'public')
      }
    }))
  })
})

describe('applyMarkers', () => {
  const shield = (msgId: string) => ({ cloudCustomData: JSON.stringify({ bizType: 'shieldMsg', data: { msgId } }) })
  const show = (msgId: string) => ({ cloudCustomData: JSON.stringify({ bizType: 'publicMessage', data: { msgId } }) })
  it('shield hides, public shows again, in order; broken JSON is counted and changes nothing', () => {
    expect(applyMarkers([], [shield('a'), shield('b'), show('a'), { cloudCustomData: '{oops' }, {}])).toEqual({ queue: ['b'], broken: 1 })
    expect(applyMarkers(['b'], [show('b'), shield('b')])).toEqual({ queue: ['b'], broken: 0 })
  })
})
