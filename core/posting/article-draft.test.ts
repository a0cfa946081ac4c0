import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bodyToSend, canSaveDraft, checkArticle, editText, linkFromDialog, normaliseBody, placeToken, removeToken } from './article-draft'
import { tokensToPlainText, type RichToken } from './rich-text'

const text = (s: string): RichToken => ({ type: 'text', text: s })
const stock: RichToken = { type: 'stock', code: 'hk00700', name: '腾讯控股' }
const image: RichToken = { type: 'image', url: '/file/a.png' }

const token = fc.oneof(
  fc.string({ maxLength: 8 }).map(text),
  fc.constant(stock),
  fc.constant(image),
  fc.constant<RichToken>({ type: 'link', url: 'www.hkex.com.hk', text: '港交所' }),
)
const body = fc.array(token, { maxLength: 12 })

describe('the article body', () => {
  it('keeps a text run after every placed token and at the end; adjacent runs merge', () => {
    expect(normaliseBody([])).toEqual([text('')])
    expect(normaliseBody([text('a'), text('b'), stock])).toEqual([text('ab'), stock, text('')])
    fc.assert(
      fc.property(body, (tokens) => {
        const n = normaliseBody(tokens)
        expect(n.at(-1)!.type).toBe('text')
        n.forEach((t, i) => {
          if (t.type === 'text') expect(n[i + 1]?.type).not.toBe('text')
        })
        // the same text, the same placed tokens in order; normalising twice changes nothing
        expect(tokensToPlainText(n)).toBe(tokensToPlainText(tokens))
        expect(n.filter((t) => t.type !== 'text')).toEqual(tokens.filter((t) => t.type !== 'text'))
        expect(normaliseBody(n)).toEqual(n)
      }),
    )
  })

  it('types into a text run, places a token at the end, removes a placed token and joins the runs', () => {
    let b = normaliseBody([])
    b = editText(b, 0, '看好')
    b = placeToken(b, stock)
    b = editText(b, 2, '的长期')
    expect(b).toEqual([text('看好'), stock, text('的长期')])
    expect(removeToken(b, 1)).toEqual([text('看好的长期')])
    // a text run is not removed, an index out of range changes nothing
    expect(removeToken(b, 0)).toEqual(b)
    expect(removeToken(b, 9)).toEqual(b)
    expect(editText(b, 1, 'x')).toEqual(b)
    fc.assert(
      fc.property(body, token, (tokens, t) => {
        const placed = placeToken(tokens, t)
        expect(bodyToSend(placed)).toEqual(bodyToSend(normaliseBody([...tokens, t])))
      }),
    )
  })

  it('sends no empty text runs', () => {
    expect(bodyToSend([text(''), stock, text('')])).toEqual([stock])
  })
})

describe('saving and publishing', () => {
  it('a draft needs a title or a body', () => {
    expect(canSaveDraft({ title: ' ', tokens: [text('  ')] })).toBe(false)
    expect(canSaveDraft({ title: '标题', tokens: [] })).toBe(true)
    expect(canSaveDraft({ title: '', tokens: [image] })).toBe(true)
  })

  it('publishing needs a title, a body and links by the rule (spec 000 §5); the messages are the server\'s', () => {
    expect(checkArticle({ title: '', tokens: [text('正文')] })).toEqual({ ok: false, message: '请输入标题' })
    expect(checkArticle({ title: '标题', tokens: [text(' ')] })).toEqual({ ok: false, message: '请输入内容' })
    expect(checkArticle({ title: '标题', tokens: [text('正文'), { type: 'link', url: 'javascript:alert(1)', text: 'x' }] })).toEqual({ ok: false, message: '所填写超链接不合规' })
    expect(checkArticle({ title: '标题', tokens: [text('正文'), stock] })).toEqual({ ok: true })
    expect(checkArticle({ title: '标题', tokens: [image] })).toEqual({ ok: true })
    expect(checkArticle({ title: 'x'.repeat(101), tokens: [text('正文')] }).ok).toBe(false)
  })

  it('the link dialog: trimmed inputs, its two messages, the text defaults to the address', () => {
    expect(linkFromDialog('  ', 'x')).toEqual({ ok: false, message: '请填写超链接地址' })
    expect(linkFromDialog('not a link', 'x')).toEqual({ ok: false, message: '所填写超链接不合规' })
    expect(linkFromDialog(' www.hkex.com.hk ', ' ')).toEqual({ ok: true, token: { type: 'link', url: 'www.hkex.com.hk', text: 'www.hkex.com.hk' } })
    expect(linkFromDialog('https://www.hkex.com.hk/a', ' 港交所 ')).toEqual({ ok: true, token: { type: 'link', url: 'https://www.hkex.com.hk/a', text: '港交所' } })
  })
})
