// spec 000 §3: the country calling-code list (about 230 entries of text and code, China 86 first):
// regions and codes from libphonenumber-js, Chinese names from Intl.DisplayNames, never typed by hand.
// A zh-hk reader gets the names Hong Kong uses (Intl's zh-Hant-HK: 南韓, 澳洲, 紐西蘭), not a character
// conversion of the mainland's (韓國, 澳大利亞) — issue 24.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js'
import type { ContentLang } from '../i18n/to-hk'

export interface CountryCodeEntry {
  text: string
  code: string
  region: string
}

const cached = new Map<ContentLang, CountryCodeEntry[]>()
const LOCALE: Record<ContentLang, string> = { 'zh-cn': 'zh-CN', 'zh-hk': 'zh-Hant-HK' }

export function countryCodeList(lang: ContentLang = 'zh-cn'): CountryCodeEntry[] {
  const hit = cached.get(lang)
  if (hit) return hit
  const names = new Intl.DisplayNames([LOCALE[lang]], { type: 'region' })
  const collator = new Intl.Collator(LOCALE[lang])
  const all = getCountries()
    .map((region) => ({ region, code: String(getCountryCallingCode(region)), text: names.of(region) ?? region }))
    // a region Intl cannot name (AC, TA…) comes back as its own code: leave it out
    .filter((e) => e.text !== e.region)
  const china = all.filter((e) => e.region === 'CN')
  const rest = all.filter((e) => e.region !== 'CN').sort((a, b) => collator.compare(a.text, b.text))
  const list = [...china, ...rest]
  cached.set(lang, list)
  return list
}

export const isKnownCallingCode = (code: string): boolean => countryCodeList().some((e) => e.code === code.replace(/^\+/, ''))
