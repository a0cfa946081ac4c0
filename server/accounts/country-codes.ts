// spec 000 §3: the country calling-code list (about 230 entries of text and code, China 86 first):
// regions and codes from libphonenumber-js, Chinese names from Intl.DisplayNames, never typed by hand.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js'

export interface CountryCodeEntry {
  text: string
  code: string
  region: string
}

let cached: CountryCodeEntry[] | null = null

export function countryCodeList(): CountryCodeEntry[] {
  if (cached) return cached
  const names = new Intl.DisplayNames(['zh-CN'], { type: 'region' })
  const collator = new Intl.Collator('zh-CN')
  const all = getCountries()
    .map((region) => ({ region, code: String(getCountryCallingCode(region)), text: names.of(region) ?? region }))
    // a region Intl cannot name (AC, TA…) comes back as its own code: leave it out
    .filter((e) => e.text !== e.region)
  const china = all.filter((e) => e.region === 'CN')
  const rest = all.filter((e) => e.region !== 'CN').sort((a, b) => collator.compare(a.text, b.text))
  cached = [...china, ...rest]
  return cached
}

export const isKnownCallingCode = (code: string): boolean => countryCodeList().some((e) => e.code === code.replace(/^\+/, ''))
