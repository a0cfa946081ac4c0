import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { REVIEW_STATUSES } from '../api/posting'
import { canSubmitComment, commentContent, commentInputState } from './comment-box'

describe('commentInputState (000 §4, §5)', () => {
  it('only approved, open content takes comments; the two messages otherwise', () => {
    expect(commentInputState({ status: 'approved', commentsClosed: false })).toEqual({ open: true })
    expect(commentInputState({ status: 'reviewing', commentsClosed: false })).toEqual({ open: false, message: '内容审核中' })
    expect(commentInputState({ status: 'approved', commentsClosed: true })).toEqual({ open: false, message: '该内容已限制评论' })
  })
  it('is open exactly when approved and not closed', () => {
    fc.assert(fc.property(fc.constantFrom(...REVIEW_STATUSES), fc.boolean(), (status, commentsClosed) => {
      expect(commentInputState({ status, commentsClosed }).open).toBe(status === 'approved' && !commentsClosed)
    }))
  })
})

describe('canSubmitComment (000 §4: only with text or a picture)', () => {
  it('needs text that is not blank, or a picture', () => {
    expect(canSubmitComment('')).toBe(false)
    expect(canSubmitComment(' \n\t ')).toBe(false)
    expect(canSubmitComment('', 1)).toBe(true)
    expect(canSubmitComment('好')).toBe(true)
  })
  it('refuses past 2000 characters', () => {
    expect(canSubmitComment('字'.repeat(2000))).toBe(true)
    expect(canSubmitComment('字'.repeat(2001))).toBe(false)
  })
  it('sends line breaks as <br> with markup escaped', () => {
    expect(commentContent(' 一\n<i>二</i> ')).toBe('一<br>&lt;i&gt;二&lt;/i&gt;')
  })
})
