import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { SHARE_FILE_TEXT, bodyForSubmit, canSubmitPost, htmlToPlainText } from './post-body'

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

describe('htmlToPlainText', () => {
  it.each([
    ['plain', 'plain'],
    ['a<br>b', 'a\nb'],
    ['a<br/>b<BR />c', 'a\nb\nc'],
    ['<p>第一段</p><p>第二段</p>', '第一段\n第二段'],
    ['<div>a</div><div><br></div><div>b</div>', 'a\n\nb'],
    ['a<div>b</div>', 'a\nb'],
    ['<p>a<br></p><p>b</p>', 'a\nb'],
    ['<p><strong>腾讯</strong> <a href="/stock/hk00700" title="x>y">$腾讯控股$</a></p>', '腾讯 $腾讯控股$'],
    ['&lt;b&gt;not a tag&lt;/b&gt; &amp; &quot;q&quot; &#39;s&#39; &#x4E2D;&#25991;', '<b>not a tag</b> & "q" \'s\' 中文'],
    ['a&nbsp;b', 'a\u00a0b'],
    ['&unknown; & &#0; &#xD800;', '&unknown; & \ufffd \ufffd'],
    ['<script>alert("<p>x</p>")</script>ok', 'ok'],
    ['<style>p { color: red }</style><!-- note <p> -->ok', 'ok'],
    ['<p>a</p>\n<p>b</p>', 'a\nb'],
    ['1 < 2 and 3 > 2', '1 < 2 and 3 > 2'],
    ['unclosed <img src="x', 'unclosed'],
    ['<p><br></p>', ''],
    ['<p>&nbsp;</p>', ''],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(htmlToPlainText(html)).toBe(text)
  })

  const text = fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => s.replace(/[<&]/g, ''))
  const attr = fc.tuple(fc.constantFrom('href', 'class', 'data-x', 'title'), fc.string({ maxLength: 6 })).map(([k, v]) => ` ${k}="${v.replace(/"/g, '')}"`)
  const tagName = fc.constantFrom('p', 'div', 'br', 'span', 'a', 'strong', 'img', 'em', 'h1', 'ul', 'li', 'font', 'x-custom')
  const tag = fc.oneof(
    fc.tuple(tagName, fc.array(attr, { maxLength: 2 }), fc.boolean()).map(([n, as, self]) => `<${n}${as.join('')}${self ? ' /' : ''}>`),
    tagName.map((n) => `</${n}>`),
    fc.string({ maxLength: 6 }).map((s) => `<!--${s.replace(/-->/g, '')}-->`),
  )

  it('never leaves a tag behind', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, tag), { maxLength: 12 }), (parts) => {
        const out = htmlToPlainText(parts.join(''))
        expect(out).not.toContain('<')
        expect(out).toBe(out.trim())
      }),
    )
  })

  it('leaves no tag-like text for any input without entities', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (html) => {
        fc.pre(!html.includes('&') && !/<(?![A-Za-z/!?])/.test(html))
        expect(htmlToPlainText(html)).not.toMatch(/</)
      }),
    )
  })

  it('gives back escaped plain text paragraphs exactly', () => {
    const line = fc
      .string({ unit: 'grapheme', maxLength: 12 })
      .map((s) => s.replace(/[\r\n\u2028\u2029]/g, '').replace(/^\s+|\s+$/g, ''))
      .filter((s) => s !== '')
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const html = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')
        expect(htmlToPlainText(html)).toBe(lines.join('\n'))
      }),
    )
  })
})

describe('bodyForSubmit', () => {
  it('turns an empty body with files into 分享文件', () => {
    expect(SHARE_FILE_TEXT).toBe('分享文件')
    expect(bodyForSubmit('<p><br></p>', 2)).toBe('分享文件')
    expect(bodyForSubmit('', 0)).toBe('')
    expect(bodyForSubmit('<p>年报</p>', 1)).toBe('年报')
  })
})

describe('canSubmitPost', () => {
  it('needs text, a file, a picture or a shared item', () => {
    const empty = { body: '<p>&nbsp;<br></p>', files: 0, pictures: 0, shared: false }
    expect(canSubmitPost(empty)).toBe(false)
    expect(canSubmitPost({ ...empty, body: '<p>好</p>' })).toBe(true)
    expect(canSubmitPost({ ...empty, files: 1 })).toBe(true)
    expect(canSubmitPost({ ...empty, pictures: 1 })).toBe(true)
    expect(canSubmitPost({ ...empty, shared: true })).toBe(true)
  })

  it('is enabled exactly when one of the four is present', () => {
    const body = fc.oneof(fc.constantFrom('', '<p></p>', '<br>', ' &nbsp; ', '<div><br></div>'), fc.constantFrom('a', '<p>文</p>', '&lt;'))
    fc.assert(
      fc.property(body, fc.nat(3), fc.nat(3), fc.boolean(), (b, files, pictures, shared) => {
        const hasText = htmlToPlainText(b) !== ''
        expect(canSubmitPost({ body: b, files, pictures, shared })).toBe(hasText || files > 0 || pictures > 0 || shared)
      }),
    )
  })
})
