// A test browser's cookie jar: keeps what Set-Cookie gives and drops what it expires.
export interface CookieJar {
  readonly cookies: Map<string, string>
  /** the Cookie header for the next request */
  header(): string
  /** takes the Set-Cookie headers of an answer; answers it back */
  take(res: Response): Response
}

export function cookieJar(): CookieJar {
  const cookies = new Map<string, string>()
  return {
    cookies,
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';')
        const [k, ...v] = pair!.split('=')
        const value = v.join('=')
        if (/Max-Age=0/i.test(c) || value === '') cookies.delete(k!)
        else cookies.set(k!, value)
      }
      return res
    },
  }
}
