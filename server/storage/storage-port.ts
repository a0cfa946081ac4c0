// The object-storage port (design.md: third-party services are ports with a real adapter and a local
// default that behaves like the service). Uploads are first streamed to a temporary file (checked by
// content and size there), then handed to the port by path: never held whole in memory.
import type { Readable } from 'node:stream'

export interface StoredObject {
  body: Readable
  /** the whole object's size in bytes (also when `body` is only a range of it) */
  size: number
}

/** Bytes `start` … `end` of an object, both included (HTTP's `bytes=start-end`). */
export interface ByteRange {
  start: number
  end: number
}

export interface StoragePort {
  /** 'local' (a directory) or 's3' (an S3-compatible service) */
  readonly kind: 'local' | 's3'
  /** Stores the bytes of the file at `path` under `key`. */
  put(key: string, file: { path: string; size: number; contentType: string }): Promise<void>
  /** The stored bytes (only `range` of them when given), or null when there is nothing under `key`. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>
  /** The object's size without reading it, or null when there is nothing under `key`. */
  head(key: string): Promise<{ size: number } | null>
  delete(key: string): Promise<void>
}

/** Keys are ours: `YYYYMM/<32 hex>.<ext>` — never a reader's file name. */
export const STORAGE_KEY = /^[0-9]{6}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/
