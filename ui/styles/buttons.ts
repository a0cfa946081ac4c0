import { css } from '@linaria/core'
import { tokens } from './tokens'
import { outlineLook } from './looks'

/** Rounded header buttons; `primary` is the filled brand one. */
export const pill = css`
  height: 30px;
  padding: 0 12px;
  ${outlineLook('15px', tokens.text)}
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

/** A small outlined chip's look: grey outline, the brand's on hover. */
const chipLook = `
  height: 28px;
  padding: 0 14px;
  ${outlineLook('14px')}
  font-size: 13px;
  cursor: pointer;
  &:hover {
    border-color: ${tokens.brand};
    color: ${tokens.brand};
  }
`
/** A small outlined button for a quiet action beside the main one (a dialog's cancel). */
export const chip = css`
  ${chipLook}
`
/** Tabs (ui/common/tabs.tsx) drawn as a row of chips, the chosen one filled with the brand colour: a list's filters, a chart's periods. */
export const chipTabs = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  button {
    ${chipLook}
  }
  button[aria-selected='true'] {
    border-color: ${tokens.brand};
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
`
