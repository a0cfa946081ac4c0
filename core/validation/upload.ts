// Post and comment attachments. spec 000 §5 / 001 §5: images jpg, jpeg, png, gif, at most
// 3,000,000 bytes each, at most imageLimit images (default 1; the discussion dialog allows 9);
// files at most 10 in total; images and files cannot be mixed; accepted file types audio, doc, docx,
// xls, xlsx, ppt, pptx, csv, pps, ppts, pdf, txt, md, markdown, rar, zip, 7z.
// spec 000 §8 names the dialog messages in English; these are their Chinese texts.
//
// Works on plain descriptors, not DOM File objects, so the same rules run anywhere.

export interface UploadDescriptor {
  readonly name: string
  readonly size: number
  /** MIME type as the browser reports it; may be ''. */
  readonly type: string
}

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const
export const MAX_IMAGE_BYTES = 3_000_000
export const DEFAULT_IMAGE_LIMIT = 1
export const DISCUSSION_IMAGE_LIMIT = 9 // spec 000 §5: discussion dialog at most 9 images
export const MAX_FILES = 10
export const FILE_EXTENSIONS = [
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'pps', 'ppts', 'pdf', 'txt', 'md', 'markdown', 'rar', 'zip', '7z',
] as const
/**
 * The spec's 'audio' type: any file the browser reports as audio/*, or one of these extensions
 * when it reports nothing.
 */
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'flac', 'amr', 'wma', 'opus'] as const

export const UPLOAD_MESSAGES = {
  tooManyImages: (limit: number): string => `最多只能上传${limit}张图片`, // 'cannot exceed N images'
  imageType: '仅支持 .jpg .jpeg .png .gif 格式的图片', // 'only .jpg .jpeg .png .gif supported'
  imageTooLarge: '图片大小超出限制', // 'image size exceeds limit'
  tooManyFiles: `上传数量限制为${MAX_FILES}个`, // 'upload count limited to 10'
  mixed: '不能同时上传图片和文件', // 'cannot upload images and files at the same time'
  fileType: '不支持该文件类型', // not named by the spec
} as const

export type UploadCheck = { readonly ok: true } | { readonly ok: false; readonly message: string }

const OK: UploadCheck = { ok: true }
const fail = (message: string): UploadCheck => ({ ok: false, message })

/** Lower-case extension after the last dot, '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase()
}

export function isAcceptedImage(file: UploadDescriptor): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
}

export function isAcceptedFile(file: UploadDescriptor): boolean {
  const ext = extensionOf(file.name)
  if ((FILE_EXTENSIONS as readonly string[]).includes(ext)) return true
  if (file.type.toLowerCase().startsWith('audio/')) return true
  return file.type === '' && (AUDIO_EXTENSIONS as readonly string[]).includes(ext)
}

/** What the draft already holds. */
export interface Attached {
  readonly images: number
  readonly files: number
}

/**
 * Adding `selected` through the image picker: all or nothing. Checks in order: mixing with files,
 * the count (existing plus new) against imageLimit, each type, each size.
 */
export function checkImageSelection(
  selected: readonly UploadDescriptor[],
  attached: Attached,
  imageLimit: number = DEFAULT_IMAGE_LIMIT,
): UploadCheck {
  if (selected.length === 0) return OK
  if (attached.files > 0) return fail(UPLOAD_MESSAGES.mixed)
  if (attached.images + selected.length > imageLimit) return fail(UPLOAD_MESSAGES.tooManyImages(imageLimit))
  if (!selected.every(isAcceptedImage)) return fail(UPLOAD_MESSAGES.imageType)
  if (!selected.every((f) => f.size <= MAX_IMAGE_BYTES)) return fail(UPLOAD_MESSAGES.imageTooLarge)
  return OK
}

/**
 * Adding `selected` through the file picker: all or nothing. Checks in order: mixing with images,
 * the count (existing plus new) against 10, each type.
 */
export function checkFileSelection(selected: readonly UploadDescriptor[], attached: Attached): UploadCheck {
  if (selected.length === 0) return OK
  if (attached.images > 0) return fail(UPLOAD_MESSAGES.mixed)
  if (attached.files + selected.length > MAX_FILES) return fail(UPLOAD_MESSAGES.tooManyFiles)
  if (!selected.every(isAcceptedFile)) return fail(UPLOAD_MESSAGES.fileType)
  return OK
}
