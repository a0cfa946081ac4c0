// The seeded courses' video (fixtures/circle-extras/course-video.webm, made by
// scripts/make-course-video.mjs: 10 s, VP8, seekable). The seed records it under one key of ours; the
// bytes are put into the storage port from the fixture when that key is asked for and not there (a
// fresh upload directory, a test's own directory, a database seeded on another machine).
import { existsSync } from 'node:fs'
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StoragePort } from '../storage/storage-port'

export const FIXTURE_VIDEO_KEY = '202611/c0c5e0f1d00c0c5e0f1d00c0c5e0f1d0.webm'
export const FIXTURE_VIDEO_TYPE = 'video/webm' as const
export const FIXTURE_VIDEO_SECONDS = 10
const FIXTURE = join('fixtures', 'circle-extras', 'course-video.webm')
// two folders up from this module (the repository's server/courses/, the bundle's dist/node/), else the
// working directory the server runs in (a bundle built elsewhere, as the e2e runner's)
const fixturePath = () => [join(import.meta.dirname, '..', '..', FIXTURE), join(process.cwd(), FIXTURE)].find((p) => existsSync(p)) ?? join(process.cwd(), FIXTURE)

/** Puts the fixture under its key when the storage lacks it (the port's put moves its file: a copy is handed over). */
export async function ensureFixtureVideo(storage: StoragePort, key: string): Promise<void> {
  if (key !== FIXTURE_VIDEO_KEY || (await storage.head(key))) return
  const dir = await mkdtemp(join(tmpdir(), 'gmh-course-video-'))
  try {
    const copy = join(dir, 'video.webm')
    await copyFile(fixturePath(), copy)
    await storage.put(key, { path: copy, size: (await stat(copy)).size, contentType: FIXTURE_VIDEO_TYPE })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
