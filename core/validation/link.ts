// spec 000 §5 / 001 §5: the link dialog. Inputs trimmed; an empty address gives 请填写超链接地址;
// an address not matching the pattern gives 所填写超链接不合规; the link text defaults to the address.
// Accepted: optional http/https, a domain with a known top-level domain or an IPv4 address,
// then an optional port, path, query and fragment.

export const LINK_MESSAGES = {
  empty: '请填写超链接地址',
  invalid: '所填写超链接不合规',
} as const

/** Top-level domains we accept: the common generic ones and those our readers meet (cn, hk, mo, tw…). */
export const KNOWN_TOP_LEVEL_DOMAINS: ReadonlySet<string> = new Set([
  'com', 'net', 'org', 'cn', 'hk', 'mo', 'tw', 'io', 'co', 'info', 'biz', 'gov', 'edu', 'mil', 'int',
  'tv', 'me', 'cc', 'xyz', 'top', 'vip', 'club', 'site', 'online', 'shop', 'store', 'tech', 'app', 'dev',
  'ai', 'news', 'link', 'live', 'pro', 'asia', 'mobi', 'name', 'fund', 'finance', 'capital', 'money',
  'invest', 'investments', 'cloud', 'wang', 'ltd', 'group', 'work', 'today', 'us', 'uk', 'jp', 'kr', 'sg',
  'de', 'fr', 'au', 'ca', 'in', 'eu', 'ru', 'it', 'es', 'nl', 'ch', 'se',
])

export type LinkResult =
  | { readonly ok: true; readonly url: string; readonly text: string }
  | { readonly ok: false; readonly message: string }

const SHAPE = /^(?:https?:\/\/)?([^/?#:\s]+)(?::(\d{1,5}))?([/?#]\S*)?$/i
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i
const OCTET = /^(?:0|[1-9]\d{0,2})$/
/** Characters that would break out of an href or are never typed in an address. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const UNSAFE = /[<>"`\\{}|^\u0000-\u001f\u007f]/

function isIpv4(host: string): boolean {
  const parts = host.split('.')
  return parts.length === 4 && parts.every((p) => OCTET.test(p) && Number(p) <= 255)
}

function isDomain(host: string): boolean {
  const labels = host.split('.')
  const tld = labels[labels.length - 1]?.toLowerCase() ?? ''
  return labels.length >= 2 && host.length <= 253 && labels.every((l) => LABEL.test(l)) && KNOWN_TOP_LEVEL_DOMAINS.has(tld)
}

/** Whether a (trimmed) address matches the link rule. */
export function isValidLinkAddress(address: string): boolean {
  const m = SHAPE.exec(address)
  if (m === null || UNSAFE.test(address)) return false
  const host = m[1] ?? ''
  const port = m[2]
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false
  return /^[\d.]+$/.test(host) ? isIpv4(host) : isDomain(host)
}

/** Trims both inputs, checks the address and fills in the text. The address is kept as typed (no scheme added). */
export function validateLink(input: { readonly url: string; readonly text?: string }): LinkResult {
  const url = input.url.trim()
  if (url === '') return { ok: false, message: LINK_MESSAGES.empty }
  if (!isValidLinkAddress(url)) return { ok: false, message: LINK_MESSAGES.invalid }
  const text = (input.text ?? '').trim()
  return { ok: true, url, text: text === '' ? url : text }
}
