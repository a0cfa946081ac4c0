import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { messagePageHref } from './message-link'

describe('messagePageHref (001 §2: sourceType = second-to-last segment, type = last)', () => {
  it('takes the last two segments of the item link', () => {
    expect(messagePageHref('/message/interaction/comment')).toBe('/message?sourceType=interaction&type=comment')
    expect(messagePageHref('/message/notification/review/')).toBe('/message?sourceType=notification&type=review')
    expect(messagePageHref('https://x.example.com/a/b/notification/system?x=1#y')).toBe('/message?sourceType=notification&type=system')
  })
  it('falls back to /message when the link has fewer than two segments', () => {
    expect(messagePageHref('')).toBe('/message')
    expect(messagePageHref('/message')).toBe('/message')
  })
  it('reads back the two segments for any link made of them', () => {
    const seg = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/)
    fc.assert(
      fc.property(fc.array(seg, { maxLength: 3 }), seg, seg, (prefix, a, b) => {
        const href = messagePageHref(`/${[...prefix, a, b].join('/')}`)
        const q = new URLSearchParams(href.split('?')[1])
        expect([q.get('sourceType'), q.get('type')]).toEqual([a, b])
      }),
    )
  })
})
