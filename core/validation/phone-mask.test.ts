import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { MASK_BAD_PARAMETER_MESSAGE, maskPhone } from './phone-mask'

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 characters', () => {
    const log = vi.fn()
    expect(maskPhone('13812345678', log)).toBe('138****5678')
    expect(maskPhone('91234567', log)).toBe('912*4567')
    expect(maskPhone('1234567', log)).toBe('1234567')
    expect(maskPhone(13812345678, log)).toBe('138****5678')
    expect(log).not.toHaveBeenCalled()
  })

  it.each([[''], ['123456'], [null], [undefined], [{}], [-1], [1.5], [NaN]])('logs and returns "" for %j', (bad) => {
    const log = vi.fn()
    expect(maskPhone(bad, log)).toBe('')
    expect(log).toHaveBeenCalledWith('请检查传入参数是否正确')
  })

  it('logs through console.warn by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(maskPhone('12')).toBe('')
    expect(warn).toHaveBeenCalledWith(MASK_BAD_PARAMETER_MESSAGE)
    warn.mockRestore()
  })

  it('preserves length and the kept characters, and masks everything else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 7, maxLength: 30 }), (phone) => {
        const log = vi.fn()
        const masked = maskPhone(phone, log)
        expect(masked).toHaveLength(phone.length)
        expect(masked.slice(0, 3)).toBe(phone.slice(0, 3))
        expect(masked.slice(-4)).toBe(phone.slice(-4))
        expect(masked.slice(3, -4)).toMatch(/^\**$/)
        expect(log).not.toHaveBeenCalled()
      }),
    )
  })

  it('rejects every string shorter than 7', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6, unit: 'grapheme-ascii' }), (phone) => {
        const log = vi.fn()
        expect(maskPhone(phone, log)).toBe('')
        expect(log).toHaveBeenCalledOnce()
      }),
    )
  })
})
