// A failure a handler reports on purpose: answered as the envelope with this status and message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const notFound = (message: string) => new ApiError(404, message)

/** The envelope for failures: `{ statusCode, message, result: null }`. */
export const failure = (statusCode: number, message: string) => ({ statusCode, message, result: null })

// Messages shown to users (spec 000 §8 lists none for these; plain simplified Chinese).
export const MESSAGES = {
  ok: 'success',
  badJson: '参数错误：请求体不是有效的 JSON',
  badForm: '参数错误：请求体格式不正确',
  tooMany: '请求过于频繁，请稍后再试',
  tooLarge: '请求内容过大',
  apiNotFound: '接口不存在',
  serverError: '服务器繁忙，请稍后重试',
} as const
