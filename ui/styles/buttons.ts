import { css } from '@linaria/core'
import { tokens } from './tokens'

/** Rounded header buttons; `primary` is the filled brand one. */
export const pill = css`
  height: 30px;
  padding: 0 12px;
  border: 1px solid ${tokens.border};
  border-radius: 15px;
  background: ${tokens.card};
  color: ${tokens.text};
  cursor: pointer;
  white-space: nowrap;
  &:hover {
    border-color: ${tokens.brand};
    color: ${tokens.brand};
  }
`
export const primary = css`
  background: ${tokens.brand};
  border-color: ${tokens.brand};
  color: ${tokens.onBrand};
  &:hover {
    background: ${tokens.brandDark};
    color: ${tokens.onBrand};
  }
`
