import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { fillTemplate, placeholderKeys } from './template'

const key = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/)
const plain = fc.string({ maxLength: 20 }).filter((s) => !s.includes('{') && !s.includes('}'))
const anyValue = fc.string({ maxLength: 30 })

describe('fillTemplate', () => {
  it('fills known keys, with or without spaces inside the braces', () => {
    expect(fillTemplate('欢迎使用{{siteName}}，由{{ companyName }}运营。', { siteName: '港美汇', companyName: '港美汇信息科技有限公司' })).toBe(
      '欢迎使用港美汇，由港美汇信息科技有限公司运营。',
    )
  })

  it('leaves unknown keys visible as written', () => {
    expect(fillTemplate('生效日期：{{effectiveDate}}', {})).toBe('生效日期：{{effectiveDate}}')
    expect(fillTemplate('{{ a }}{{b}}', { b: '2' })).toBe('{{ a }}2')
  })

  it('treats malformed braces as text', () => {
    expect(fillTemplate('{{}} {{a-b}} {{ {x}', { a: '1', x: '2' })).toBe('{{}} {{a-b}} {{ {x}')
  })

  it('does not read inherited properties as parameters', () => {
    expect(fillTemplate('{{toString}}{{constructor}}', {})).toBe('{{toString}}{{constructor}}')
  })

  it('inserts values verbatim: markup and placeholders inside a value are not interpreted', () => {
    expect(fillTemplate('{{a}}', { a: '<b>{{b}}</b> $& $1', b: 'X' })).toBe('<b>{{b}}</b> $& $1')
  })

  it('property: no placeholder of a known key survives', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(plain, key), { maxLength: 6 }), plain, fc.dictionary(key, plain), (parts, tail, extra) => {
        // Object.fromEntries makes own properties even for keys like __proto__
        const params: Record<string, string> = Object.fromEntries([...parts.map(([, k]) => [k, 'v'] as const), ...Object.entries(extra)])
        const text = parts.map(([p, k]) => `${p}{{${k}}}`).join('') + tail
        const out = fillTemplate(text, params)
        expect(out).not.toMatch(/\{\{\s*[A-Za-z0-9_]+\s*\}\}/)
        expect(out).toBe(parts.map(([p, k]) => p + params[k]).join('') + tail)
      }),
    )
  })

  it('property: a value is inserted exactly as given, whatever it contains', () => {
    fc.assert(
      fc.property(plain, plain, key, anyValue, (before, after, k, value) => {
        expect(fillTemplate(`${before}{{${k}}}${after}`, { [k]: value })).toBe(before + value + after)
      }),
    )
  })

  it('property: text without placeholders is unchanged', () => {
    fc.assert(fc.property(plain, fc.dictionary(key, anyValue), (text, params) => {
      expect(fillTemplate(text, params)).toBe(text)
    }))
  })

  it('property: filling with no parameters is the identity', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (text) => {
      expect(fillTemplate(text, {})).toBe(text)
    }))
  })
})

describe('placeholderKeys', () => {
  it('lists keys once, in order of first use', () => {
    expect(placeholderKeys('{{b}} {{a}} {{ b }} {{a-b}}')).toEqual(['b', 'a'])
  })
  it('property: after filling every listed key, none is left', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), anyValue, (text, value) => {
        const params = Object.fromEntries(placeholderKeys(text).map((k) => [k, value.replace(/[{}]/g, '')]))
        expect(placeholderKeys(fillTemplate(text, params))).toEqual([])
      }),
    )
  })
})
