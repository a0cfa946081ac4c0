// The local WeChat Pay sandbox (server/membership/pay-port.ts) makes a QR whose URL is a page of this
// site; a newcomer on one machine has no phone to scan it with. The QR dialog then also shows it as a
// link (issue 24: a newcomer's first ten minutes). Real WeChat codes (weixin://…) are never links.

/** The sandbox pay page of a QR code's URL, or null when the code is not the local sandbox's. */
export function sandboxPayLink(codeUrl: string): string | null {
  let url: URL
  try {
    url = new URL(codeUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  return /^\/sandbox\/pay\/[A-Za-z0-9_-]{32}$/.test(url.pathname) && url.search === '' && url.hash === '' ? url.href : null
}
