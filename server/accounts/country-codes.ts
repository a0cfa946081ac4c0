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

/**
 * The codes most of our readers have come first (issue 24: many read from Hong Kong), named as
 * Chinese-language sites name them side by side. spec 000 §3 starts the list with China 86, as the
 * zh-cn list does; a zh-hk reader's list starts with Hong Kong 852.
 */
const COMMON: Record<ContentLang, readonly { region: string; text: string }[]> = {
  'zh-cn': [
    { region: 'CN', text: '中国内地' },
    { region: 'HK', text: '中国香港' },
    { region: 'MO', text: '中国澳门' },
    { region: 'TW', text: '中国台湾' },
    { region: 'US', text: '美国' },
  ],
  'zh-hk': [
    { region: 'HK', text: '中國香港' },
    { region: 'CN', text: '中國內地' },
    { region: 'MO', text: '中國澳門' },
    { region: 'TW', text: '中國台灣' },
    { region: 'US', text: '美國' },
  ],
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
  const common = COMMON[lang].map((c) => ({ region: c.region, code: String(getCountryCallingCode(c.region as Parameters<typeof getCountryCallingCode>[0])), text: c.text }))
  const rest = all.filter((e) => !common.some((c) => c.region === e.region)).sort((a, b) => collator.compare(a.text, b.text))
  const list = [...common, ...rest]
  cached.set(lang, list)
  return list
}

export const isKnownCallingCode = (code: string): boolean => countryCodeList().some((e) => e.code === code.replace(/^\+/, ''))
