// Up/down colours of prices. The Chinese convention is red for up and green for down; a reader may
// choose the other convention (green up, as Hong Kong and US readers are used to: issue 24), and
// unchanged prices are neutral.
//
// The hues are here, once: the stylesheet writes them as CSS custom properties (--gmh-up … in
// ui/styles/global.ts, swapped under html[data-price-colours="greenUp"]) and the canvas charts, which
// cannot read a CSS variable, ask priceColour. ui/styles/tokens.test.ts holds every text and graphic
// pair to WCAG AA under both schemes.

export type Direction = 'up' | 'down' | 'flat'
export type ColourScheme = 'redUp' | 'greenUp'
export const COLOUR_SCHEMES: readonly ColourScheme[] = ['redUp', 'greenUp']
export const DEFAULT_COLOUR_SCHEME: ColourScheme = 'redUp'

/** the red of a price: 5.6:1 on white, 4.9:1 on either tint */
export const PRICE_RED = '#cf1322'
/** the green of a price: 5.4:1 on white, 4.7:1 on either tint */
export const PRICE_GREEN = '#007a52'
/** the red tint (cards and badges of a rise under red-up) */
export const PRICE_RED_TINT = '#fdecee'
/** the green tint */
export const PRICE_GREEN_TINT = '#e8f7f0'
/** an unchanged price: the site's secondary text grey (7.5:1 on white) */
export const FLAT_GREY = '#4e5560'

/** The colours of each direction under a scheme. */
export interface PriceColours {
  readonly up: string
  readonly down: string
  readonly upBg: string
  readonly downBg: string
}

const RED_UP: PriceColours = { up: PRICE_RED, down: PRICE_GREEN, upBg: PRICE_RED_TINT, downBg: PRICE_GREEN_TINT }
const GREEN_UP: PriceColours = { up: PRICE_GREEN, down: PRICE_RED, upBg: PRICE_GREEN_TINT, downBg: PRICE_RED_TINT }

export function priceColours(scheme: ColourScheme): PriceColours {
  return scheme === 'greenUp' ? GREEN_UP : RED_UP
}

export function directionOf(change: number): Direction {
  if (!Number.isFinite(change) || change === 0) return 'flat'
  return change > 0 ? 'up' : 'down'
}

/** The hex a change is drawn in under the reader's scheme (the charts' candles and volume bars). */
export function priceColour(change: number, scheme: ColourScheme = DEFAULT_COLOUR_SCHEME): string {
  const d = directionOf(change)
  return d === 'flat' ? FLAT_GREY : priceColours(scheme)[d]
}

/**
 * Where the reader's choice is kept: a cookie, like the script choice (core/locale/lang.ts LANG_COOKIE,
 * spec 000 §9). Spec 000 and 001 have no field for it in the user info (GET /api/user/info answers no
 * preferences and /my/setting's save takes none), so the server cannot keep it with the account; a
 * cookie also reaches the server with the page request, so the server writes data-price-colours on
 * <html> before any script runs and a green-up reader never sees the page flash red first. It is kept
 * per browser, as the script is, for a guest too.
 */
export const PRICE_COLOURS_COOKIE = 'price_colours'
export const PRICE_COLOURS_COOKIE_DAYS = 365

/** The scheme a cookie value names; anything else (absent, garbled, another site's value) is red-up. */
export function parseColourScheme(value: string | null | undefined): ColourScheme {
  return (value ?? '').trim().toLowerCase() === 'greenup' ? 'greenUp' : DEFAULT_COLOUR_SCHEME
}

/** Net change and percent of a price against the previous close; percent is in percent (1.5 = 1.5 %). */
export function netChange(priceCents: number, prevCloseCents: number): { change: number; changePercent: number } {
  const change = priceCents - prevCloseCents
  const changePercent = prevCloseCents > 0 ? Math.round((change / prevCloseCents) * 10_000) / 100 : 0
  return { change, changePercent }
}
