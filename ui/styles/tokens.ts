// Design tokens: the only place a colour is written (a test in ui/styles/tokens.test.ts fails on a colour
// literal anywhere else in ui/). Red up / green down is the Chinese market convention (spec: configurable
// later). Every text colour passes WCAG AA (4.5:1) on white, on the page grey and on each tinted card; the
// test computes the ratios (issue 16: readers of a finance site are often older, contrast is not optional).
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
  /** rising prices (red, Chinese convention): 5.6:1 on white, 4.9:1 on upBg */
  up: '#cf1322',
  /** falling prices (green): 5.4:1 on white, 4.7:1 on upBg */
  down: '#007a52',
  important: '#cf1322',
  /** tinted cards and badges */
  upBg: '#fdecee',
  downBg: '#e8f7f0',
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
  ...(['text', 'textSecondary', 'textMuted', 'textDisabled', 'link', 'brand', 'up', 'down', 'important'] as const).flatMap((fg) =>
    (['card', 'bg', 'upBg', 'downBg', 'infoBg', 'warnBg', 'trackBg', 'disabledBg'] as const).map((bg) => [fg, bg] as const),
  ),
  ['warn', 'warnBg'],
  ['warn', 'card'],
  ['onBrand', 'brand'],
  ['onBrand', 'brandDark'],
  ['onBrand', 'up'],
  ['onBrand', 'down'],
  ['onBrand', 'textMuted'],
  ['onBrand', 'link'],
  ['footerText', 'footerBg'],
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
]
