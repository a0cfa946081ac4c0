// The local default of the storage port: a directory (UPLOAD_DIR, default DATA_DIR/uploads). Files
// are moved in from their temporary file (copied when the two are on different devices).
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { STORAGE_KEY, type StoragePort, type StoredObject } from './storage-port'

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
    async get(key): Promise<StoredObject | null> {
      if (!STORAGE_KEY.test(key)) return null
      const path = pathOf(key)
      try {
        const s = await stat(path)
        return { body: createReadStream(path), size: s.size }
      } catch {
        return null
      }
    },
    async delete(key) {
      if (STORAGE_KEY.test(key)) await rm(pathOf(key), { force: true })
    },
  }
}
