// The long tail's shared styles (cards, banners, lists), in the tokens of ui/styles/.
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'
import { cardLook } from '../styles/looks'

export const banner = css`
  background: linear-gradient(135deg, ${tokens.brand}, ${tokens.brandDark});
  color: ${tokens.onBrand};
  padding: 48px 16px;
  text-align: center;
  h1 { margin: 0 0 12px; font-size: 32px; }
  p { margin: 4px 0; font-size: 16px; }
`
export const body = css`
  max-width: ${tokens.pageWidth};
  margin: 0 auto;
  padding: 24px 16px 40px;
  display: grid;
  gap: 20px;
`
export const card = css`
  ${cardLook}
  padding: 20px 24px;
  h2 { margin: 0 0 12px; font-size: 18px; }
  ol, ul { margin: 0; padding-left: 20px; line-height: 1.9; }
  p { margin: 6px 0; line-height: 1.7; }
`
export const pageHead = css`
  h1 { margin: 0 0 8px; font-size: 24px; }
  p { margin: 0; color: ${tokens.textSecondary}; }
`
export const muted = css`
  color: ${tokens.textMuted};
  font-size: 13px;
`
export const stats = css`
  display: flex;
  flex-wrap: wrap;
  gap: 32px;
  margin: 12px 0;
  div { display: grid; gap: 4px; }
  dt { color: ${tokens.textMuted}; font-size: 13px; }
  dd { margin: 0; font-size: 22px; font-weight: 700; }
`
export const up = css`color: ${tokens.up};`
export const down = css`color: ${tokens.down};`
export const linkButton = css`
  display: inline-block;
  padding: 8px 20px;
  border-radius: 18px;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  &:hover { background: ${tokens.brandDark}; color: ${tokens.onBrand}; }
`
export const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 16px;
`
export const tag = css`
  display: inline-block;
  padding: 0 8px;
  margin-right: 8px;
  border-radius: 4px;
  background: ${tokens.brandTint};
  color: ${tokens.brand};
  font-size: 12px;
  line-height: 20px;
`
