// InSequence: a conversation's pushes leave in seq order whichever delivery finishes first.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { InSequence } from './fanout'

describe('InSequence', () => {
  it('releases stored seqs in order, whatever order their deliveries finish or fail in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 12 }), fc.func(fc.boolean()), fc.infiniteStream(fc.nat()), (seqs, fails, picks) => {
        const errors: unknown[] = []
        const order = new InSequence((e) => errors.push(e))
        const sorted = [...seqs].sort((a, b) => a - b)
        for (const s of sorted) order.stored('GROUPg', s)
        const pushed: number[] = []
        const left = [...seqs]
        const it = picks[Symbol.iterator]()
        while (left.length > 0) {
          const [s] = left.splice(it.next().value % left.length, 1)
          if (fails(s)) order.drop('GROUPg', s!)
          else order.ready('GROUPg', s!, () => pushed.push(s!))
        }
        expect(pushed).toEqual(sorted.filter((s) => !fails(s)))
        expect(order.size).toBe(0)
        expect(errors).toEqual([])
      }),
    )
  })

  it('holds a later seq until the earlier one goes; another conversation is not held; a throwing push holds nothing back', () => {
    const errors: unknown[] = []
    const order = new InSequence((e) => errors.push(e))
    const pushed: string[] = []
    order.stored('a', 1)
    order.stored('a', 2)
    order.stored('b', 7)
    order.ready('a', 2, () => pushed.push('a2'))
    order.ready('b', 7, () => pushed.push('b7'))
    expect(pushed).toEqual(['b7'])
    order.ready('a', 1, () => {
      pushed.push('a1')
      throw new Error('socket gone')
    })
    expect(pushed).toEqual(['b7', 'a1', 'a2'])
    expect(errors).toHaveLength(1)
    // a seq never stored here (another process's) goes at once
    order.ready('a', 9, () => pushed.push('a9'))
    expect(pushed.at(-1)).toBe('a9')
    expect(order.size).toBe(0)
  })
})
