// issue 24: the reader's price colours on <html>, as the server sends the page. The price tokens are CSS
// variables swapped under html[data-price-colours="greenUp"] (ui/styles/global.ts); the attribute comes
// from the price_colours cookie (core/market/price-colour.ts says why a cookie), so a green-up reader's
// first paint is green-up, with no red flash before the script runs.
import { parseColourScheme, type ColourScheme } from '../../core/market/price-colour'

/** The scheme a request's price_colours cookie names (red-up when absent or garbled). */
export const priceColoursOfRequest = (cookie: string | undefined): ColourScheme => parseColourScheme(cookie)

/** Sets (or replaces) data-price-colours on the <html> element; every other attribute stays where it is. */
export function withPriceColours(html: string, scheme: ColourScheme): string {
  return html.replace(
    /<html\b([^>]*)>/i,
    (_, attrs: string) => `<html${attrs.replace(/\s+data-price-colours\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '')} data-price-colours="${scheme}">`,
  )
}
