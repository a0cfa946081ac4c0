// spec 000 §5: phone masking keeps the first 3 and last 4 characters, masking the middle with *.
// spec 000 §8: with bad parameters the helper logs 请检查传入参数是否正确 and returns an empty string.

export const MASK_BAD_PARAMETER_MESSAGE = '请检查传入参数是否正确'

export type Logger = (message: string) => void

/**
 * '13812345678' → '138****5678'. The result has the input's length; every character but the
 * first 3 and last 4 becomes '*'. A number is read as its digits. Anything that is not a string
 * or a non-negative safe integer, or is shorter than 7 characters (nothing would stay hidden
 * or the kept parts would overlap), logs the message through `log` and returns ''.
 */
export function maskPhone(phone: unknown, log: Logger = console.warn): string {
  const text =
    typeof phone === 'string' ? phone : typeof phone === 'number' && Number.isSafeInteger(phone) && phone >= 0 ? String(phone) : null
  const chars = text === null ? [] : Array.from(text)
  if (text === null || chars.length < 7) {
    log(MASK_BAD_PARAMETER_MESSAGE)
    return ''
  }
  return chars.slice(0, 3).join('') + '*'.repeat(chars.length - 7) + chars.slice(-4).join('')
}
