// Which storage adapter runs, from the environment:
//  - S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY all set → the
//    S3-compatible adapter (s3-storage.ts);
//  - otherwise the local directory UPLOAD_DIR (default DATA_DIR/uploads, DATA_DIR default ./.data).
// Production (server/mode.ts) refuses to start without the S3 settings UNLESS UPLOAD_DIR is set
// explicitly: a single-machine deployment may keep uploads on its own disk, but only by saying so —
// never by falling into a default directory (fail closed, like the other ports).
import { join, resolve } from 'node:path'
import { modeOf, type Env } from '../mode'
import { localStorage } from './local-storage'
import { s3Storage } from './s3-storage'
import type { StoragePort } from './storage-port'

export const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

const set = (env: Env, name: string) => (env[name] ?? '').trim() !== ''
const hasS3 = (env: Env) => S3_SETTINGS.every((n) => set(env, n))

export const uploadDirOf = (env: Env): string => resolve(env.UPLOAD_DIR?.trim() || join(env.DATA_DIR || './.data', 'uploads'))

/** null when this environment may start; else the line to print (production without real storage). */
export function storageRefusal(env: Env): string | null {
  if (modeOf(env) !== 'production' || hasS3(env) || set(env, 'UPLOAD_DIR')) return null
  const missing = S3_SETTINGS.filter((n) => !set(env, n))
  return `production mode needs object storage; missing: ${missing.join(', ')} (or set UPLOAD_DIR to keep uploads on this machine's disk)`
}

export function storageFromEnv(env: Env): StoragePort {
  if (hasS3(env)) {
    return s3Storage({
      endpoint: env.S3_ENDPOINT!.trim(),
      bucket: env.S3_BUCKET!.trim(),
      region: env.S3_REGION!.trim(),
      accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    })
  }
  return localStorage(uploadDirOf(env))
}
