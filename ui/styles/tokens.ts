// Design tokens: the only place a colour is written (a test in ui/styles/tokens.test.ts fails on a colour
// literal anywhere else in ui/). Every text colour passes WCAG AA (4.5:1) on white, on the page grey and
// on each tinted card; the test computes the ratios (issue 16: readers of a finance site are often older,
// contrast is not optional).
//
// Price colours follow the reader (issue 24): red up / green down is the Chinese convention and the
// default, green up is a choice in /my/setting. `up`, `down`, `upBg` and `downBg` are CSS custom
// properties, set on :root and swapped under html[data-price-colours="greenUp"] (ui/styles/global.ts),
// so the 30-odd rules that use them follow the choice without a rebuild or a re-render; their hex values
// are core's palette (core/market/price-colour.ts), which the charts' canvas reads through priceColour
// and the contrast test checks under both schemes. They mean a direction of a price: a brand tint or a
// success green is `brandTint` or `success`, which stay put.
import { PRICE_GREEN, PRICE_RED, priceColours, type ColourScheme, type PriceColours } from '../../core/market/price-colour'

/** The custom properties the price tokens name. */
export const PRICE_VARS = { up: '--gmh-up', down: '--gmh-down', upBg: '--gmh-up-bg', downBg: '--gmh-down-bg' } as const satisfies Record<keyof PriceColours, string>
/** The hex each price token has under each scheme. */
export const PRICE_HEX: Record<ColourScheme, PriceColours> = { redUp: priceColours('redUp'), greenUp: priceColours('greenUp') }
/** The attribute of <html> that names the reader's scheme (written by the server, and by the choice). */
export const PRICE_COLOURS_ATTRIBUTE = 'data-price-colours'

const declarations = (scheme: ColourScheme) =>
  (Object.keys(PRICE_VARS) as (keyof PriceColours)[]).map((k) => `${PRICE_VARS[k]}: ${PRICE_HEX[scheme][k]};`).join(' ')
/** The global rules giving the price variables their values: red-up on :root, green-up under the attribute (ui/styles/global.ts). */
export function priceColourRules(): string {
  return `:root { ${declarations('redUp')} } html[${PRICE_COLOURS_ATTRIBUTE}='greenUp'] { ${declarations('greenUp')} }`
}

export const tokens = {
  pageWidth: '1200px', // spec 000 §9: page width 1200 px
  brand: '#c8102e', // 5.9:1 on white, 5.2:1 on upBg
  brandDark: '#9e0c24',
  /** text on brand / up / down / dark fills */
  onBrand: '#ffffff',
  text: '#1f2329',
  /** secondary text (meta lines, labels): 7.5:1 on white */
  textSecondary: '#4e5560',
  /** the lightest text we allow (times, counts, hints, disabled labels): 4.8:1 on the tinted cards */
  textMuted: '#646a73',
  /** text of a disabled control: still AA, so an older reader can read what is unavailable */
  textDisabled: '#646a73',
  disabledBg: '#f2f3f5',
  link: '#1d5fbf', // 6.1:1 on white
  border: '#e5e6eb',
  bg: '#f5f6f7',
  card: '#ffffff',
  /** rising prices: red, or green when the reader chose green-up (PRICE_HEX) */
  up: `var(${PRICE_VARS.up})`,
  /** falling prices: green, or red under green-up */
  down: `var(${PRICE_VARS.down})`,
  important: '#cf1322',
  /** the tints of a rise and a fall (cards and badges of a price) */
  upBg: `var(${PRICE_VARS.upBg})`,
  downBg: `var(${PRICE_VARS.downBg})`,
  /** the two price hues whatever the reader chose: the samples of the choice in /my/setting */
  red: PRICE_RED,
  green: PRICE_GREEN,
  /** the brand's light tint (a chosen tab, a badge, a hovered outline button): not a price */
  brandTint: '#fdecee',
  /** done, saved, paid, free: 5.4:1 on white; not a price */
  success: '#007a52',
  /** the light tint behind a success text (a 免费 tag) */
  successTint: '#e8f7f0',
  infoBg: '#eef4ff',
  warnBg: '#fff4dd',
  warn: '#8a5a00',
  /** the edge of a warn-tinted panel (the buy prompt of a locked article): decoration, never text */
  warnBorder: '#f0d58c',
  /** the slider captcha's track */
  trackBg: '#fafafa',
  /** the lightest grey: loading skeletons, live-list dots (decoration, never text) */
  skeleton: '#eef0f3',
  skeletonShine: '#f6f7f9',
  dot: '#c9cdd4',
  /** 黑金 (platinum and ultimate membership): the promotion hero's near-black and its gold text */
  blackGoldBg: '#1b1b1f',
  blackGold: '#e6c77f',
  footerBg: '#23262b',
  footerText: '#a9adb3', // 6.7:1 on footerBg
  overlay: 'rgba(0, 0, 0, 0.45)',
  /** the dark shade under text laid over pictures (banner captions) */
  scrim: 'rgba(0, 0, 0, 0.65)',
  scrimLight: 'rgba(255, 255, 255, 0.5)',
  shadow: 'rgba(0, 0, 0, 0.12)',
  transparent: 'transparent',
  /** the keyboard focus ring: blue, so it shows on the red brand buttons too */
  focus: '#1d5fbf',
  /** chart strokes (graphics, 3:1 on white per WCAG 1.4.11) */
  chartLine: '#2f6fde',
  chartAvg: '#b86e00',
  chartGrid: '#f0f1f3',
  radius: '8px',
  font: `-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", sans-serif`,
} as const

/** Pairs of (text colour, background) the site draws, each held to WCAG AA for normal text (4.5:1). */
export const TEXT_PAIRS: readonly (readonly [keyof typeof tokens, keyof typeof tokens])[] = [
  ...(['text', 'textSecondary', 'textMuted', 'textDisabled', 'link', 'brand', 'up', 'down', 'red', 'green', 'success', 'important'] as const).flatMap((fg) =>
    (['card', 'bg', 'upBg', 'downBg', 'brandTint', 'successTint', 'infoBg', 'warnBg', 'trackBg', 'disabledBg'] as const).map((bg) => [fg, bg] as const),
  ),
  ['warn', 'warnBg'],
  ['warn', 'card'],
  ['onBrand', 'brand'],
  ['onBrand', 'brandDark'],
  ['onBrand', 'up'],
  ['onBrand', 'down'],
  ['onBrand', 'success'],
  ['onBrand', 'textMuted'],
  ['onBrand', 'link'],
  ['footerText', 'footerBg'],
  ['blackGold', 'blackGoldBg'],
  ['onBrand', 'blackGoldBg'],
  ['onBrand', 'footerBg'],
]

/** Graphics and focus rings: 3:1 against white (WCAG 1.4.11 non-text contrast). */
export const GRAPHIC_PAIRS: readonly (readonly [keyof typeof tokens, keyof typeof tokens])[] = [
  ['focus', 'card'],
  ['focus', 'bg'],
  ['chartLine', 'card'],
  ['chartAvg', 'card'],
  ['up', 'card'],
  ['down', 'card'],
  ['red', 'card'],
  ['green', 'card'],
]
