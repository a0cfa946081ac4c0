// spec 000 §7 'Posting and interaction' uploads (multipart) and §5 / 001 §5 the upload rules: images
// jpg, jpeg, png, gif of at most 3,000,000 bytes (checked by content on the server, not by name);
// files of the accepted types, at most 10; images and files never in one request. Each upload
// endpoint takes `multipart/form-data` with one or more parts named `file` (the client's upload
// call on the HTTP port, with progress); the body schema is empty because the body is not JSON.
// Stored files are served back from GET /file/{key} with safe content types (not a JSON endpoint).
//
// spec 000 §8: an image upload answered with statusCode 403 and a message shows that message in a
// 'friendly reminder' dialog — the server answers 403 with a message when the reader may not post.
import * as Schema from 'effect/Schema'
import { post } from './endpoint'
import { DISCUSSION_IMAGE_LIMIT, MAX_FILES, MAX_IMAGE_BYTES } from '../validation/upload'

/** Our bound for one file (the spec names none): 20,000,000 bytes. */
export const MAX_FILE_BYTES = 20_000_000
/** Room for the multipart framing of each part (headers, boundaries). */
const PART_OVERHEAD = 8 * 1024
/** The most images one image request takes: the discussion dialog's 9 (spec 000 §5). */
export const MAX_IMAGES_PER_REQUEST = DISCUSSION_IMAGE_LIMIT
export const IMAGE_BODY_MAX = MAX_IMAGES_PER_REQUEST * (MAX_IMAGE_BYTES + PART_OVERHEAD)
export const FILE_BODY_MAX = MAX_FILES * (MAX_FILE_BYTES + PART_OVERHEAD)

/** Where stored uploads are served from: `/file/<key>`. */
export const FILE_URL_PREFIX = '/file/'

export const UploadedFile = Schema.Struct({
  /** same-origin address to show or link it: /file/… */
  url: Schema.String,
  /** the name as the reader gave it (shown as text) */
  name: Schema.String,
  /** the extension the content was recognised as (images) or the accepted name's extension (files) */
  extension: Schema.String,
  size: Schema.Number,
  kind: Schema.Literals(['image', 'file']),
})
export type UploadedFile = typeof UploadedFile.Type
export const UploadResult = Schema.Struct({ list: Schema.Array(UploadedFile) })
export type UploadResult = typeof UploadResult.Type

const NoBody = Schema.Struct({})
const images = { body: NoBody, result: UploadResult, maxBodyBytes: IMAGE_BODY_MAX }

/** spec 000 §7: POST /file/api/file/post-img — images of a post (discussion dialog, article editor). */
export const uploadPostImage = post('upload.postImage', '/file/api/file/post-img', images)
/** spec 000 §7: POST /api/file/dynamic/picture and its /v2 — images of a dynamic (the same rules). */
export const uploadDynamicPicture = post('upload.dynamicPicture', '/api/file/dynamic/picture', images)
export const uploadDynamicPictureV2 = post('upload.dynamicPictureV2', '/api/file/dynamic/picture/v2', images)
/** spec 000 §7: POST /api/file/post/pdf — files (the accepted types), at most 10, never images. */
export const uploadPostFile = post('upload.postFile', '/api/file/post/pdf', { body: NoBody, result: UploadResult, maxBodyBytes: FILE_BODY_MAX })
/**
 * spec 000 §7 / 001 §7: POST /api/file/upload/v1 (with progress; 001: timeout 24,000,000 ms) —
 * images or files, never both in one request.
 */
export const uploadFile = post('upload.file', '/api/file/upload/v1', {
  timeoutMs: 24_000_000,
  body: NoBody,
  result: UploadResult,
  maxBodyBytes: FILE_BODY_MAX,
})
