// Colours of the development-only tools (ui/dev: the state-chart viewer, /dev/machines and its overlay).
// Kept here with the other tokens so no colour is written outside ui/styles/; never in a production bundle.
export const devPalette = {
  line: '#64748b',
  box: '#ffffff',
  region: '#f8fafc',
  text: '#0f172a',
  muted: '#475569',
  activeFill: '#fef3c7',
  activeStroke: '#d97706',
  edge: '#94a3b8',
  canvas: '#f1f5f9',
  border: '#cbd5e1',
  borderStrong: '#999999',
  rule: '#e2e8f0',
  selected: '#e0e7ff',
  live: '#b45309',
  error: '#b91c1c',
  shadow: 'rgba(0, 0, 0, 0.25)',
} as const
