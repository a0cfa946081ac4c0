// Reader's script: zh-cn (simplified, default) or zh-hk (traditional, Hong Kong). spec 000 §1, §2, §9.
export type Lang = 'zh-cn' | 'zh-hk'
export const LANGS: readonly Lang[] = ['zh-cn', 'zh-hk']
export const DEFAULT_LANG: Lang = 'zh-cn'
/** spec 000 §9: locale cookie kept 365 days */
export const LANG_COOKIE = 'lang'
export const LANG_COOKIE_DAYS = 365
/** spec 000 §9: language toggle debounce 300 ms */
export const LANG_TOGGLE_DEBOUNCE_MS = 300

export function parseLang(value: string | null | undefined): Lang {
  const v = (value ?? '').trim().toLowerCase().replace('_', '-')
  if (v === 'zh-hk' || v === 'zh-tw' || v === 'zh-hant' || v === 'zh-mo') return 'zh-hk'
  return DEFAULT_LANG
}

export function otherLang(lang: Lang): Lang {
  return lang === 'zh-cn' ? 'zh-hk' : 'zh-cn'
}

/** The HTML lang attribute for a script. */
export function htmlLang(lang: Lang): string {
  return lang === 'zh-hk' ? 'zh-HK' : 'zh-CN'
}

/**
 * spec 000 §2: the /zh-hk prefix marks the traditional variant; it is stripped by redirect and
 * query parameters are kept. Returns where to go (and that the reader wants zh-hk), or null.
 */
export function stripZhHkPrefix(pathname: string, search: string, hash = ''): { to: string; lang: Lang } | null {
  const m = /^\/zh-hk(?=\/|$)/i.exec(pathname)
  if (!m) return null
  // '/zh-hk//x' would leave '//x', a protocol-relative URL (another site): history.replaceState throws
  // and the page stays blank. Runs of leading slashes or backslashes collapse to one '/'.
  const rest = pathname.slice(m[0].length).replace(/^[/\\]+/, '/') || '/'
  return { to: `${rest}${search}${hash}`, lang: 'zh-hk' }
}
