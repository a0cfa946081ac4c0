// The live channels (spec 000 §7 'Live': /api/live-channels/{id}/lives and /{channel}/lives/v4): the
// flashes of one market or kind. The seeded flashes carry one of these channels (fixtures/flashes.ts).
// `all` is every channel (the /live page's first tab); it has no id of its own.

export interface LiveChannelEntry {
  readonly id: number
  /** the slug in /api/live-channels/{channel}/lives/v4 and on each flash */
  readonly channel: string
  readonly name: string
}

export const ALL_LIVE_CHANNEL = 'all'

/**
 * How often an open flash list asks for newer flashes (/live; spec 000 §7: the lives calls take
 * `timestamp`). The spec names no interval; half a minute keeps a 7×24 list current.
 */
export const POLL_INTERVAL_MS = 30_000

export const LIVE_CHANNELS: readonly LiveChannelEntry[] = [
  { id: 1, channel: 'hk', name: '港股' },
  { id: 2, channel: 'us', name: '美股' },
  { id: 3, channel: 'macro', name: '宏观' },
  { id: 4, channel: 'company', name: '公司' },
  { id: 5, channel: 'tech', name: '科技' },
  { id: 6, channel: 'ipo', name: '新股' },
  { id: 7, channel: 'fund', name: '基金' },
]

export const liveChannelById = (id: number): LiveChannelEntry | undefined => LIVE_CHANNELS.find((c) => c.id === id)
export const liveChannelBySlug = (channel: string): LiveChannelEntry | undefined => LIVE_CHANNELS.find((c) => c.channel === channel)
