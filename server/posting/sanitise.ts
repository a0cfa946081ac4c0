// The one sanitiser of user rich text on the server: DOMPurify on a jsdom window, with the settings
// the browser uses too (core/posting/rich-text.ts RICH_TEXT_SANITISE_CONFIG). Whatever HTML the
// server hands out for user content (article bodies from their tokens) passes through here.
import { createRequire } from 'node:module'
import createDOMPurify from 'dompurify'
import type { JSDOM as JsdomClass } from 'jsdom'
import { renderTokens, RICH_TEXT_SANITISE_CONFIG, type RichToken } from '../../core/posting/rich-text'

let purifier: ReturnType<typeof createDOMPurify> | null = null
/**
 * Built on first use: loading jsdom alone takes ~31 MB of heap (~70 MB resident) and a window ~30 ms,
 * and most requests never need it (issue 11: memory after start). jsdom is CommonJS, so a synchronous
 * require keeps sanitiseHtml synchronous.
 */
function purify(): ReturnType<typeof createDOMPurify> {
  if (!purifier) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JsdomClass }
    purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0])
    // every link the user wrote opens apart from the site and passes no referrer
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'nofollow noopener noreferrer')
    })
  }
  return purifier
}

export function sanitiseHtml(html: string): string {
  return purify().sanitize(html, { ...RICH_TEXT_SANITISE_CONFIG, ALLOWED_TAGS: [...RICH_TEXT_SANITISE_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...RICH_TEXT_SANITISE_CONFIG.ALLOWED_ATTR], ADD_URI_SAFE_ATTR: [...RICH_TEXT_SANITISE_CONFIG.ADD_URI_SAFE_ATTR] })
}

/** Tokens → the HTML a reader gets: rendered with every text escaped, then sanitised. */
export const tokensToSafeHtml = (tokens: readonly RichToken[]): string => sanitiseHtml(renderTokens(tokens))
