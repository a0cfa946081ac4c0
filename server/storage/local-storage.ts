// The local default of the storage port: a directory (UPLOAD_DIR, default DATA_DIR/uploads). Files
// are moved in from their temporary file (copied when the two are on different devices).
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { STORAGE_KEY, type ByteRange, type StoragePort, type StoredObject } from './storage-port'

export function localStorage(dir: string): StoragePort {
  const root = resolve(dir)
  const pathOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`)
    return join(root, key)
  }
  return {
    kind: 'local',
    async put(key, file) {
      const target = pathOf(key)
      await mkdir(dirname(target), { recursive: true })
      try {
        await rename(file.path, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        await copyFile(file.path, target)
      }
    },
    async get(key, range?: ByteRange): Promise<StoredObject | null> {
      if (!STORAGE_KEY.test(key)) return null
      const path = pathOf(key)
      try {
        const s = await stat(path)
        if (range && (range.start < 0 || range.end < range.start || range.end >= s.size)) throw new RangeError(`range ${range.start}-${range.end} outside ${s.size} bytes`)
        return { body: createReadStream(path, range ? { start: range.start, end: range.end } : {}), size: s.size }
      } catch (error) {
        if (error instanceof RangeError) throw error
        return null
      }
    },
    async head(key) {
      if (!STORAGE_KEY.test(key)) return null
      try {
        return { size: (await stat(pathOf(key))).size }
      } catch {
        return null
      }
    },
    async delete(key) {
      if (STORAGE_KEY.test(key)) await rm(pathOf(key), { force: true })
    },
  }
}
