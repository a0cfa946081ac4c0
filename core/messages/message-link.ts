// spec 001 §2 message panel: an item links to /message?sourceType={second-to-last segment of the
// item's link}&type={last segment}. spec 000 §2 / §9: badges cap at 99+ (core/format/big-number).

/** The two last non-empty path segments of `link`, or null when it has fewer than two. */
function lastTwoSegments(link: string): [string, string] | null {
  const path = link.split(/[?#]/)[0] ?? ''
  const parts = path.split('/').filter((s) => s !== '')
  if (parts.length < 2) return null
  return [parts[parts.length - 2]!, parts[parts.length - 1]!]
}

/** '/message/interaction/comment' → '/message?sourceType=interaction&type=comment'; '/message' when the link has no two segments. */
export function messagePageHref(link: string): string {
  const two = lastTwoSegments(link)
  if (!two) return '/message'
  const [sourceType, type] = two
  return `/message?sourceType=${encodeURIComponent(sourceType)}&type=${encodeURIComponent(type)}`
}
