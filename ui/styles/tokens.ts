// Design tokens. Red up / green down is the Chinese market convention (spec: configurable later).
export const tokens = {
  pageWidth: '1200px', // spec 000 §9: page width 1200 px
  brand: '#c8102e',
  brandDark: '#9e0c24',
  text: '#1f2329',
  textSecondary: '#646a73',
  textMuted: '#8f959e',
  border: '#e5e6eb',
  bg: '#f5f6f7',
  card: '#ffffff',
  up: '#e02020',
  down: '#00a870',
  important: '#e02020',
  radius: '8px',
  font: `-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", sans-serif`,
} as const
