// Phone numbers by calling code. spec 000 §9: default country code 86.
// Mainland China (86): 11 digits starting with 1. Hong Kong (852) and Macau (853): 8 digits
// (spec 001 §5 address form: 11 digits mainland, 8 Hong Kong/Macau). Other codes: 4 to 15 digits
// (E.164 allows at most 15 digits in all).

export const DEFAULT_COUNTRY_CODE = '86'

/** '86', '+86', ' 86 ' → '86'; anything that is not 1 to 4 digits → null. */
export function normaliseCountryCode(countryCode: string | number): string | null {
  const text = String(countryCode).trim().replace(/^\+/, '')
  return /^[1-9]\d{0,3}$/.test(text) ? text : null
}

/** Whether `phone` (digits only, no spaces) is a valid number for the calling code. */
export function isValidPhone(countryCode: string | number, phone: string): boolean {
  const code = normaliseCountryCode(countryCode)
  if (code === null) return false
  if (code === '86') return /^1\d{10}$/.test(phone)
  if (code === '852' || code === '853') return /^\d{8}$/.test(phone)
  return /^\d{4,15}$/.test(phone)
}
