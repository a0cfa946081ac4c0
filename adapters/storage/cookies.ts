// Reading and writing cookies (the language toggle keeps `lang` for 365 days, spec 000 §9;
// the HTTP adapter reads `csrf_token`). Names are plain tokens; values are URI-encoded.

export interface CookieOptions {
  readonly maxAgeDays: number
  readonly path?: string
  readonly sameSite?: 'Lax' | 'Strict'
}

const SECONDS_PER_DAY = 86_400

/** `name=value; max-age=…; path=/; SameSite=Lax` */
export function serialiseCookie(name: string, value: string, options: CookieOptions): string {
  const maxAge = Math.max(0, Math.round(options.maxAgeDays * SECONDS_PER_DAY))
  return `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=${options.path ?? '/'}; SameSite=${options.sameSite ?? 'Lax'}`
}

/** The cookie's decoded value, or null. Reads document.cookie unless a cookie string is given. */
export function readCookie(name: string, cookieString: string = documentCookie()): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    return decode(part.slice(eq + 1).trim())
  }
  return null
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  try {
    document.cookie = serialiseCookie(name, value, options)
  } catch {
    // no document, or cookies forbidden (sandboxed frame): the choice lasts only this page
  }
}

export function removeCookie(name: string, path = '/'): void {
  writeCookie(name, '', { maxAgeDays: 0, path })
}

function documentCookie(): string {
  try {
    return typeof document === 'undefined' ? '' : document.cookie
  } catch {
    return ''
  }
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
