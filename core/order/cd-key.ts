// The cd-key of a coupon (spec 001 §7: GET /api/user-coupons/exchange (cdKey)). The spec shows the call,
// not its rules nor messages: ours. A key is 1 to 32 letters or digits (core/api/order.ts decodes it
// with this pattern); the box is trimmed before it is checked.

/** Ours: what a cd-key is (the contract's pattern and the box's rule). */
export const CD_KEY_PATTERN = /^[A-Za-z0-9]{1,32}$/
export const CD_KEY_MAX_LENGTH = 32

export const CD_KEY_MESSAGES = {
  empty: '请输入兑换码',
  format: '兑换码为1至32位字母或数字',
  /** the exchange failed and the server said nothing */
  failed: '兑换失败，请稍后重试',
} as const

/** Why the box's text cannot be sent, or null when it can. */
export function cdKeyProblem(text: string): string | null {
  const key = text.trim()
  if (key === '') return CD_KEY_MESSAGES.empty
  return CD_KEY_PATTERN.test(key) ? null : CD_KEY_MESSAGES.format
}
