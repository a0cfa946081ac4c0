import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { columnAlbumRoute, messageLink, pathSegments } from './links'

describe('messageLink (spec 001 §2)', () => {
  it('takes sourceType from the second-to-last segment and type from the last', () => {
    expect(messageLink('/message/interaction/comment')).toBe('/message?sourceType=interaction&type=comment')
    expect(messageLink('https://www.example.com/message/notification/system?x=1#top')).toBe('/message?sourceType=notification&type=system')
    expect(messageLink('interaction/like/')).toBe('/message?sourceType=interaction&type=like')
    expect(messageLink('/only')).toBeNull()
    expect(messageLink('')).toBeNull()
  })
  const segment = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/[/?#%]/.test(s) && !/^[a-z][a-z0-9+.-]*:$/i.test(s))
  it('round-trips the two last segments through the query string', () => {
    fc.assert(fc.property(fc.array(segment, { maxLength: 3 }), segment, segment, (prefix, sourceType, type) => {
      const link = messageLink(`/${[...prefix, sourceType, type].join('/')}`)
      expect(link).not.toBeNull()
      const query = new URLSearchParams(link!.slice('/message?'.length))
      expect(link!.startsWith('/message?')).toBe(true)
      expect(query.get('sourceType')).toBe(sourceType)
      expect(query.get('type')).toBe(type)
    }))
  })
})

describe('columnAlbumRoute (spec 000 §4)', () => {
  it('routes to /album/{last path segment}', () => {
    expect(columnAlbumRoute('https://www.example.com/column/123')).toBe('/album/123')
    expect(columnAlbumRoute('/column/page/88/')).toBe('/album/88')
    expect(columnAlbumRoute('/column/77?from=home')).toBe('/album/77')
    expect(columnAlbumRoute('')).toBeNull()
    expect(columnAlbumRoute('https://www.example.com/')).toBeNull()
  })
  it('the album id is always the last segment', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { minLength: 1, maxLength: 4 }), (segments) => {
      expect(columnAlbumRoute(`https://h.example/${segments.join('/')}`)).toBe(`/album/${segments.at(-1)}`)
      expect(pathSegments(`/${segments.join('/')}`)).toEqual(segments)
    }))
  })
})
