import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { canFollowUser } from './follow-rules'

describe('canFollowUser', () => {
  it('a reader never follows themselves; a guest is offered the button (login first)', () => {
    expect(canFollowUser(7, 7)).toBe(false)
    expect(canFollowUser(7, 8)).toBe(true)
    expect(canFollowUser(null, 7)).toBe(true)
  })
  it('for any pair of ids: allowed exactly when they differ', () => {
    fc.assert(fc.property(fc.nat(), fc.nat(), (a, b) => canFollowUser(a, b) === (a !== b)))
  })
})
