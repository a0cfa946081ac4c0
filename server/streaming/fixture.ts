// The local default's media (fixtures/streaming/, made once with ffmpeg: see its README): three 2-second
// MPEG-TS segments looped as the live stream, and a 10-second MP4 as every room's recording. About
// 100 KB in all, read once and kept in memory; served through the storage port's range reading
// (server/storage/serve-stored.ts) by a read-only port over these bytes.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { StoragePort } from '../storage/storage-port'

/** Each fixture segment's length (ffmpeg -hls_time 2, a key frame every 2 s). */
export const FIXTURE_SEGMENT_SECONDS = 2
export const FIXTURE_SEGMENTS = ['live-0.mpegts', 'live-1.mpegts', 'live-2.mpegts'] as const
/** playback.mp4's duration */
export const FIXTURE_PLAYBACK_SECONDS = 10
export const FIXTURE_PLAYBACK = 'playback.mp4'

const DIR = join('fixtures', 'streaming')
// two folders up from this module (the repository's server/streaming/, the bundle's dist/node/), else
// the working directory the server runs in (as server/courses/fixture-video.ts finds its video)
export const fixtureDir = (): string => [join(import.meta.dirname, '..', '..', DIR), join(process.cwd(), DIR)].find((p) => existsSync(p)) ?? join(process.cwd(), DIR)

let cache: Map<string, Buffer> | undefined
/** The fixture files by name (read on first use). */
export function fixtureBytes(): ReadonlyMap<string, Buffer> {
  if (!cache) {
    const dir = fixtureDir()
    cache = new Map([...FIXTURE_SEGMENTS, FIXTURE_PLAYBACK].map((name) => [name, readFileSync(join(dir, name))]))
  }
  return cache
}

/** A read-only storage port over the fixture bytes (keys are the file names), for storedAnswer's ranges. */
export function fixtureStorage(): StoragePort {
  const find = (key: string) => fixtureBytes().get(key)
  return {
    kind: 'local',
    put: () => Promise.reject(new Error('the streaming fixtures are read-only')),
    delete: () => Promise.reject(new Error('the streaming fixtures are read-only')),
    head: async (key) => {
      const b = find(key)
      return b ? { size: b.length } : null
    },
    get: async (key, range) => {
      const b = find(key)
      if (!b) return null
      if (range && (range.start < 0 || range.end < range.start || range.end >= b.length)) throw new RangeError(`range ${range.start}-${range.end} outside ${b.length} bytes`)
      return { body: Readable.from([range ? b.subarray(range.start, range.end + 1) : b]), size: b.length }
    },
  }
}
