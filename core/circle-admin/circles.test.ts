import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  CIRCLE_ADMIN_MESSAGES as M,
  CIRCLE_FORM_LIMITS,
  COURSE_WORDING,
  PRICE_MAX_CENTS,
  PRICE_MIN_CENTS,
  PRICE_PERIODS,
  RIGHTS_MAX,
  editProblem,
  firstInvalidField,
  formMessages,
  isImageAddress,
  isSameSet,
  moveItem,
  parseYuan,
  rejectReasonProblem,
  rightsProblem,
  specsProblem,
  statusAfterEdit,
  validateCircleForm,
  yuanText,
  type CircleForm,
} from './circles'

const FORM: CircleForm = {
  type: 'FINANCIAL_CIRCLE',
  name: '老周港股实战圈',
  brief: '每日盘前策略与盘后复盘。',
  intro: '圈主港股老周，十五年港股投资经验。',
  avatar: '/file/202611/abc.png',
  paid: true,
  specs: [{ months: 12, price: 19_900 }],
}

describe('the create/edit form', () => {
  it('accepts a complete form, free or paid', () => {
    expect(validateCircleForm(FORM)).toEqual({})
    expect(validateCircleForm({ ...FORM, paid: false, specs: [] })).toEqual({})
  })

  it('a course (a circle of type COURSE) is named 课程 in its messages, and only where a message names the thing', () => {
    const errors = validateCircleForm({ type: 'COURSE', name: ' ', brief: '', intro: '', avatar: '', paid: true, specs: [] })
    expect(errors).toEqual({ name: '请输入课程名称', brief: M.briefRequired, intro: '请输入课程介绍', avatar: M.avatarRequired, specs: '收费课程请至少设置一个价格' })
    expect(validateCircleForm({ ...FORM, type: 'COURSE', name: '名'.repeat(CIRCLE_FORM_LIMITS.name + 1) }).name).toBe(COURSE_WORDING.nameTooLong)
    expect(editProblem({ type: 'COURSE', paid: false, reviewStatus: 'approved', soldPeriods: [] }, { ...FORM, type: 'COURSE' })).toBe('课程审核通过后不能修改收费方式')
    for (const [key, text] of Object.entries(formMessages('COURSE'))) {
      if (key in COURSE_WORDING) expect(text.includes('圈子'), key).toBe(false)
      else expect(text).toBe(M[key as keyof typeof M])
    }
    expect(formMessages('FINANCIAL_CIRCLE')).toBe(M)
  })

  it('names each missing or overlong field with its message, in the form\'s order', () => {
    const errors = validateCircleForm({ type: '', name: ' ', brief: '', intro: '', avatar: '', paid: true, specs: [] })
    expect(errors).toEqual({ type: M.typeRequired, name: M.nameRequired, brief: M.briefRequired, intro: M.introRequired, avatar: M.avatarRequired, specs: M.specsRequired })
    expect(firstInvalidField(errors)).toBe('type')
    expect(validateCircleForm({ ...FORM, name: '名'.repeat(CIRCLE_FORM_LIMITS.name + 1) }).name).toBe(M.nameTooLong)
    expect(validateCircleForm({ ...FORM, name: '名'.repeat(CIRCLE_FORM_LIMITS.name) }).name).toBeUndefined()
    expect(validateCircleForm({ ...FORM, brief: '简'.repeat(CIRCLE_FORM_LIMITS.brief + 1) }).brief).toBe(M.briefTooLong)
    expect(validateCircleForm({ ...FORM, intro: '介'.repeat(CIRCLE_FORM_LIMITS.intro + 1) }).intro).toBe(M.introTooLong)
    expect(validateCircleForm({ ...FORM, avatar: 'javascript:alert(1)' }).avatar).toBe(M.avatarInvalid)
  })

  it('takes our uploads and https images, never another scheme or a path that climbs', () => {
    for (const ok of ['/file/202611/abc.png', 'https://cdn.example.com/a/b.jpg']) expect(isImageAddress(ok), ok).toBe(true)
    for (const bad of ['//evil.com/a.png', 'http://x.com/a.png', 'data:image/png;base64,xx', '/file/../etc/passwd', 'https://x.com/a.png?"><script>']) expect(isImageAddress(bad), bad).toBe(false)
  })

  it('prices: one per period of 1, 3, 6 or 12 months, each ¥1 to ¥99,999', () => {
    expect(specsProblem([{ months: 2, price: 1000 }])).toBe(M.periodInvalid)
    expect(specsProblem([{ months: 1, price: 1000 }, { months: 1, price: 900 }])).toBe(M.periodDuplicate)
    expect(specsProblem([{ months: 1, price: PRICE_MIN_CENTS - 1 }])).toBe(M.priceInvalid)
    expect(specsProblem([{ months: 1, price: PRICE_MAX_CENTS + 1 }])).toBe(M.priceInvalid)
    expect(specsProblem([{ months: 1, price: 100.5 }])).toBe(M.priceInvalid)
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...PRICE_PERIODS), { minLength: 1 }), fc.integer({ min: PRICE_MIN_CENTS, max: PRICE_MAX_CENTS }), (periods, price) => {
        expect(specsProblem(periods.map((months) => ({ months, price })))).toBe('')
      }),
    )
  })

  it('a yuan price round-trips through cents', () => {
    expect(parseYuan('199')).toBe(19_900)
    expect(parseYuan(' 19.9 ')).toBe(1_990)
    expect(parseYuan('0.05')).toBe(5)
    for (const bad of ['', 'abc', '1.234', '-1', '1e3', '1234567']) expect(parseYuan(bad), bad).toBeNull()
    fc.assert(fc.property(fc.integer({ min: 0, max: PRICE_MAX_CENTS }), (cents) => {
        expect(parseYuan(yuanText(cents))).toBe(cents)
      }),
    )
  })
})

describe('edits', () => {
  const before = { type: 'FINANCIAL_CIRCLE' as const, paid: true, reviewStatus: 'approved' as const, soldPeriods: [12] }
  it('keep the type, keep free or paid once approved, and keep the periods members bought', () => {
    expect(editProblem(before, FORM)).toBe('')
    expect(editProblem(before, { ...FORM, type: 'GROUP' })).toBe(M.typeLocked)
    expect(editProblem(before, { ...FORM, paid: false, specs: [] })).toBe(M.paidLocked)
    expect(editProblem({ ...before, reviewStatus: 'reviewing', soldPeriods: [] }, { ...FORM, paid: false, specs: [] })).toBe('')
    expect(editProblem(before, { ...FORM, specs: [{ months: 3, price: 5_900 }] })).toBe(M.periodSold)
  })
  it('send a rejected circle back to review and leave any other status as it was', () => {
    expect(statusAfterEdit('rejected')).toBe('reviewing')
    expect(statusAfterEdit('approved')).toBe('approved')
    expect(statusAfterEdit('reviewing')).toBe('reviewing')
  })
})

describe('rights, sort and review', () => {
  it('rights: at most RIGHTS_MAX, each with a title', () => {
    expect(rightsProblem([])).toBe('')
    expect(rightsProblem([{ title: '  ', description: '' }])).toBe(M.rightTitleRequired)
    expect(rightsProblem(Array.from({ length: RIGHTS_MAX + 1 }, () => ({ title: '权益', description: '' })))).toBe(M.rightsTooMany)
    expect(rightsProblem([{ title: '权'.repeat(21), description: '' }])).toBe(M.rightTitleTooLong)
    expect(rightsProblem([{ title: '权益', description: '说'.repeat(101) }])).toBe(M.rightDescriptionTooLong)
  })

  it('a saved order is exactly a permutation of the current items', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 1000 })), fc.integer(), (ids, seed) => {
        const shuffled = [...ids].sort((a, b) => ((a * 31 + seed) % 17) - ((b * 31 + seed) % 17))
        expect(isSameSet(ids, shuffled)).toBe(true)
        if (ids.length) {
          expect(isSameSet(ids, shuffled.slice(1))).toBe(false)
          expect(isSameSet(ids, [...shuffled.slice(1), shuffled[1] ?? 1_001])).toBe(false)
        }
      }),
    )
  })

  it('moving an item keeps every item and swaps it with its neighbour', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), fc.constantFrom(-1 as const, 1 as const), (list, i, by) => {
        const moved = moveItem(list, i, by)
        expect([...moved].sort()).toEqual([...list].sort())
      }),
    )
  })

  it('a rejection needs a reason of at most 200 characters', () => {
    expect(rejectReasonProblem(' ')).toBe(M.reasonRequired)
    expect(rejectReasonProblem('理'.repeat(201))).toBe(M.reasonTooLong)
    expect(rejectReasonProblem('封面与简介不符')).toBe('')
  })
})
