import { describe, expect, it } from 'vitest'
import { ALL_LIVE_CHANNEL, LIVE_CHANNELS, liveChannelById, liveChannelBySlug } from './live-channels'

describe('the live channels', () => {
  it('ids and slugs are unique; lookups find each and nothing else; all is no channel of its own', () => {
    expect(new Set(LIVE_CHANNELS.map((c) => c.id)).size).toBe(LIVE_CHANNELS.length)
    expect(new Set(LIVE_CHANNELS.map((c) => c.channel)).size).toBe(LIVE_CHANNELS.length)
    for (const c of LIVE_CHANNELS) {
      expect(liveChannelById(c.id)).toBe(c)
      expect(liveChannelBySlug(c.channel)).toBe(c)
      expect(c.channel).toMatch(/^[a-z]{1,16}$/) // the contract's {channel} pattern
    }
    expect(liveChannelById(0)).toBeUndefined()
    expect(liveChannelBySlug(ALL_LIVE_CHANNEL)).toBeUndefined()
  })
})
