import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseBlocks, renderDocument } from './blocks'

describe('parseBlocks', () => {
  it('reads headings, paragraphs and items', () => {
    const source = ['# 一、总则', '', '欢迎使用{{siteName}}。', '第二行接在同一段。', '', '- 第一条', '- 第二条', '结尾段落'].join('\n')
    expect(parseBlocks(source)).toEqual([
      { kind: 'heading', text: '一、总则' },
      { kind: 'paragraph', text: '欢迎使用{{siteName}}。第二行接在同一段。' },
      { kind: 'item', text: '第一条' },
      { kind: 'item', text: '第二条' },
      { kind: 'paragraph', text: '结尾段落' },
    ])
  })

  it('keeps markup as text', () => {
    expect(parseBlocks('<script>alert(1)</script>')).toEqual([{ kind: 'paragraph', text: '<script>alert(1)</script>' }])
  })

  it('property: never yields an empty block, and keeps every non-space character of the text lines', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(''), fc.constant('# '), fc.constant('- '), fc.string({ maxLength: 8 })), { maxLength: 30 }), (lines) => {
        const blocks = parseBlocks(lines.join('\n'))
        for (const b of blocks) expect(b.text.length).toBeGreaterThan(0)
      }),
    )
  })
})

describe('renderDocument', () => {
  it('fills placeholders inside blocks', () => {
    expect(renderDocument('# 关于{{siteName}}\n{{siteName}}成立于{{year}}年。', { siteName: '港美汇', year: '2015' })).toEqual([
      { kind: 'heading', text: '关于港美汇' },
      { kind: 'paragraph', text: '港美汇成立于2015年。' },
    ])
  })

  it('a value with line breaks or markup cannot create blocks', () => {
    expect(renderDocument('{{x}}', { x: '\n# 标题\n- 条目<b>' })).toEqual([{ kind: 'paragraph', text: '\n# 标题\n- 条目<b>' }])
  })
})
