// Links derived from other links.

/** The path segments of a link: origin, query and fragment dropped, empty segments skipped. */
export const pathSegments = (link: string): string[] => {
  const withoutOrigin = link.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
  const path = withoutOrigin.split(/[?#]/, 1)[0] ?? ''
  return path.split('/').filter((s) => s !== '')
}

/**
 * spec 001 §2 "Message panel": items link to /message?sourceType={second-to-last segment of item link}&type={last segment}.
 * null when the link has fewer than two segments.
 */
export const messageLink = (itemLink: string): string | null => {
  const segments = pathSegments(itemLink)
  const type = segments.at(-1)
  const sourceType = segments.at(-2)
  if (type === undefined || sourceType === undefined) return null
  return `/message?${new URLSearchParams({ sourceType: decode(sourceType), type: decode(type) }).toString()}`
}

/** spec 000 §4: clicking a column link derives a route /album/{id} from the last path segment. null when there is none. */
export const columnAlbumRoute = (columnLink: string): string | null => {
  const id = pathSegments(columnLink).at(-1)
  return id === undefined ? null : `/album/${encodeURIComponent(decode(id))}`
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
