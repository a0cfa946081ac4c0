import { describe, expect, it } from 'vitest'
import { playsHlsNatively } from './attach-source'

const says = (answer: string) => ({ canPlayType: () => answer as CanPlayTypeResult })

describe('playsHlsNatively', () => {
  it('leaves HLS to the browser only where it can play it and has no Media Source Extensions (iOS Safari)', () => {
    expect(playsHlsNatively(says('maybe'), false)).toBe(true)
    expect(playsHlsNatively(says('probably'), false)).toBe(true)
  })
  it('uses hls.js wherever Media Source Extensions exist, even when the browser says "maybe" (Chromium 156 does, then stays at 0:00)', () => {
    expect(playsHlsNatively(says('maybe'), true)).toBe(false)
    expect(playsHlsNatively(says(''), true)).toBe(false)
  })
  it('cannot play where the browser has neither', () => {
    expect(playsHlsNatively(says(''), false)).toBe(false)
  })
})
