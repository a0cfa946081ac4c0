import { describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import { ApiError, errorMessage, isApiError, normaliseError, ownMessage } from './api-error'

describe('ApiError', () => {
  it('is an Error with a tag, a status, a message and an optional result', () => {
    const e = new ApiError({ statusCode: 1012, message: '需要绑定', result: { nick: 'a' } })
    expect(e).toBeInstanceOf(Error)
    expect(e._tag).toBe('ApiError')
    expect(e.name).toBe('ApiError')
    expect(e.statusCode).toBe(1012)
    expect(e.message).toBe('需要绑定')
    expect(e.result).toEqual({ nick: 'a' })
  })

  it('is recognised by isApiError, also across copies that only share the tag', () => {
    expect(isApiError(new ApiError({ statusCode: 500, message: 'x' }))).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError({ _tag: 'ApiError', statusCode: 500, message: 'x' })).toBe(true)
    expect(isApiError({ _tag: 'ApiError', statusCode: '500', message: 'x' })).toBe(false)
    expect(isApiError(null)).toBe(false)
  })
})

describe('normaliseError (spec 000 §8: message from the error, else serialised; status defaults to 500)', () => {
  it('takes the message of an Error and defaults the status to 500', () => {
    const e = normaliseError(new Error('boom'))
    expect(e).toBeInstanceOf(ApiError)
    expect(e.statusCode).toBe(500)
    expect(e.message).toBe('boom')
  })

  it('keeps a numeric statusCode and the result of an envelope-like object', () => {
    const e = normaliseError({ statusCode: 417, message: '合并失败', result: [1] })
    expect(e.statusCode).toBe(417)
    expect(e.message).toBe('合并失败')
    expect(e.result).toEqual([1])
  })

  it('serialises a value without a message', () => {
    expect(normaliseError({ code: 7 }).message).toBe('{"code":7}')
    expect(normaliseError(42).message).toBe('42')
    expect(normaliseError(null).message).toBe('null')
  })

  it('uses a thrown string as the message itself', () => {
    expect(normaliseError('出错了').message).toBe('出错了')
  })

  it('falls back to String() when JSON cannot serialise the value', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(normaliseError(cyclic).message).toBe('[object Object]')
    expect(normaliseError(10n).message).toBe('10')
    expect(normaliseError(undefined).message).toBe('undefined')
    expect(normaliseError(Symbol('s')).message).toBe('Symbol(s)')
  })

  it('still gives a non-empty message when nothing can be turned into text', () => {
    const e = normaliseError(Object.create(null))
    // JSON.stringify gives '{}' for a prototype-less object
    expect(e.message).toBe('{}')
    const hostile = new Proxy({}, { get: () => { throw new Error('no') }, ownKeys: () => { throw new Error('no') } })
    expect(normaliseError(hostile).message.length).toBeGreaterThan(0)
  })

  it('ignores a status that is not a finite number', () => {
    expect(normaliseError({ statusCode: Number.NaN, message: 'a' }).statusCode).toBe(500)
    expect(normaliseError({ statusCode: '404', message: 'a' }).statusCode).toBe(500)
    expect(normaliseError({ statusCode: Infinity, message: 'a' }).statusCode).toBe(500)
  })

  it('keeps the original error as the cause', () => {
    const original = new Error('boom')
    expect(normaliseError(original).cause).toBe(original)
  })

  it('passes an ApiError through unchanged (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string({ minLength: 1 }), fc.anything(), (statusCode, message, result) => {
        const e = new ApiError({ statusCode, message, result })
        expect(normaliseError(e)).toBe(e)
      }),
    )
  })

  it('turns any thrown value into a finite status and a non-empty message (property)', () => {
    const thrown = fc.oneof(
      fc.anything({ withBigInt: true, withMap: true, withSet: true, withNullPrototype: true, withDate: true, withTypedArray: true }),
      fc.string().map((m) => new Error(m)),
      fc.record({ statusCode: fc.oneof(fc.integer(), fc.double(), fc.string()), message: fc.oneof(fc.string(), fc.integer()) }),
    )
    fc.assert(
      fc.property(thrown, (value) => {
        const e = normaliseError(value)
        expect(e).toBeInstanceOf(ApiError)
        expect(Number.isFinite(e.statusCode)).toBe(true)
        expect(typeof e.message).toBe('string')
        expect(e.message.length).toBeGreaterThan(0)
      }),
    )
  })

  it('keeps any non-empty message and finite status it is given (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9999 }), fc.string({ minLength: 1 }), (statusCode, message) => {
        const e = normaliseError({ statusCode, message })
        expect(e.statusCode).toBe(statusCode)
        expect(e.message).toBe(message)
      }),
    )
  })
})

describe('errorMessage (the one error-to-message rule)', () => {
  it("shows the error's own message, else the caller's fallback, else the value as text", () => {
    expect(errorMessage(new Error('服务繁忙'), '加载失败')).toBe('服务繁忙')
    expect(errorMessage(new ApiError({ statusCode: 417, message: '合并失败' }), 'x')).toBe('合并失败')
    expect(errorMessage({ message: '参数错误' }, 'x')).toBe('参数错误')
    expect(errorMessage(new Error(''), '加载失败')).toBe('加载失败')
    expect(errorMessage({ message: '   ' }, '加载失败')).toBe('加载失败')
    expect(errorMessage({}, '加载失败')).toBe('加载失败')
    expect(errorMessage(null, '加载失败')).toBe('加载失败')
    expect(errorMessage('超时')).toBe('超时')
    expect(errorMessage(42)).toBe('42')
    expect(errorMessage(undefined)).toBe('undefined')
  })

  it('never throws and never answers blank, whatever is thrown', () => {
    fc.assert(
      fc.property(fc.anything(), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), (e, fallback) => {
        const m = errorMessage(e, fallback)
        expect(typeof m).toBe('string')
        if (fallback !== undefined || ownMessage(e) !== undefined) expect(m.length).toBeGreaterThan(0)
      }),
    )
  })
})
