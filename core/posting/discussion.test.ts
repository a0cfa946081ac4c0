import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { htmlToPlainText } from '../validation/post-body'
import { addStock, canSendDiscussion, checkDialogImages, publishBody, textToPostHtml, type DiscussionDraft, type DraftImage } from './discussion'
import { REF_CONTENTS_MAX } from './limits'

const img = (key: string, over: Partial<DraftImage> = {}): DraftImage => ({ key, kind: 'image', name: `${key}.png`, size: 10, type: 'image/png', preview: 'blob:x', status: 'done', loaded: 1, total: 1, url: `/upload/${key}.png`, error: null, ...over })
const draft = (over: Partial<DiscussionDraft> = {}): DiscussionDraft => ({ title: '', body: '', topic: null, stocks: [], images: [], ...over })

describe('textToPostHtml', () => {
  it('keeps line breaks as <br> and escapes markup', () => {
    expect(textToPostHtml('第一行\n<b>第二行</b>')).toBe('第一行<br>&lt;b&gt;第二行&lt;/b&gt;')
  })
  it('round-trips through the server strip (000 §5: HTML stripped, line breaks kept) for every text', () => {
    const line = fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, '').trim()).filter((s) => !/[\t\u00a0]/.test(s))
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const text = lines.join('\n')
        expect(htmlToPlainText(textToPostHtml(text))).toBe(text.split('\n').map((l) => l.replace(/^[ ]+|[ ]+$/g, '')).join('\n').trim())
      }),
    )
  })
})

describe('canSendDiscussion (000 §4: submit only with text or a picture)', () => {
  it('an empty or blank body without pictures cannot be sent', () => {
    expect(canSendDiscussion(draft())).toBe(false)
    expect(canSendDiscussion(draft({ body: '  \n ' }))).toBe(false)
  })
  it('text or an uploaded picture can', () => {
    expect(canSendDiscussion(draft({ body: '看好腾讯' }))).toBe(true)
    expect(canSendDiscussion(draft({ images: [img('a')] }))).toBe(true)
  })
  it('not while an image uploads or one failed', () => {
    expect(canSendDiscussion(draft({ body: 'x', images: [img('a', { status: 'uploading', url: null })] }))).toBe(false)
    expect(canSendDiscussion(draft({ body: 'x', images: [img('a', { status: 'failed', url: null })] }))).toBe(false)
  })
  it('not with a title past 100 characters', () => {
    expect(canSendDiscussion(draft({ body: 'x', title: '题'.repeat(100) }))).toBe(true)
    expect(canSendDiscussion(draft({ body: 'x', title: '题'.repeat(101) }))).toBe(false)
  })
})

describe('checkDialogImages (000 §5, §9: at most 9 images)', () => {
  const file = (name: string, size = 100) => ({ name, size, type: '' })
  it('takes up to 9 in all, refuses the 10th', () => {
    const eight = draft({ images: Array.from({ length: 8 }, (_, i) => img(`i${i}`)) })
    expect(checkDialogImages([file('a.jpg')], eight)).toEqual({ ok: true })
    expect(checkDialogImages([file('a.jpg'), file('b.png')], eight)).toEqual({ ok: false, message: '最多只能上传9张图片' })
  })
  it('names the type and size messages', () => {
    expect(checkDialogImages([file('a.bmp')], draft())).toEqual({ ok: false, message: '仅支持 .jpg .jpeg .png .gif 格式的图片' })
    expect(checkDialogImages([file('a.gif', 3_000_001)], draft())).toEqual({ ok: false, message: '图片大小超出限制' })
  })
})

describe('addStock', () => {
  it('adds a stock once, up to the bound', () => {
    const one = addStock([], { code: 'hk00700', name: '腾讯控股' })
    expect(addStock(one, { code: 'hk00700', name: '腾讯控股' })).toBe(one)
    fc.assert(
      fc.property(fc.array(fc.constantFrom('hk00700', 'usAAPL', 'sh600519', 'hk09988'), { maxLength: 40 }), (codes) => {
        const all = codes.reduce((acc, code) => addStock(acc, { code, name: code }), [] as readonly { code: string; name: string }[])
        expect(new Set(all.map((s) => s.code)).size).toBe(all.length)
        expect(all.length).toBeLessThanOrEqual(REF_CONTENTS_MAX)
      }),
    )
  })
})

describe('publishBody (000 §3 Discussion post: title, topicId, content, pictureUrls, refContents, riskTipId)', () => {
  it('sends the uploaded addresses, the stock codes, the topic and the risk category', () => {
    const d = draft({ title: ' 标题 ', body: '第一行\n第二行', topic: { topicId: 3, topicName: '美股' }, stocks: [{ code: 'hk00700', name: '腾讯控股' }], images: [img('a'), img('b')] })
    expect(publishBody(d, 2)).toEqual({ title: '标题', topicId: 3, content: '第一行<br>第二行', pictureUrls: ['/upload/a.png', '/upload/b.png'], refContents: ['hk00700'], riskTipId: 2 })
    expect(publishBody(draft({ body: 'x' }), null)).toEqual({ topicId: null, content: 'x', pictureUrls: [], refContents: [], riskTipId: null })
  })
})
