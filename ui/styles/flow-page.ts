// The pieces of a page that walks a reader through steps (the attestation screens, the creator
// certification and its audit flow): the numbered steps bar, the row of actions and its two buttons.
import { css, cx } from '@linaria/core'
import { tokens } from './tokens'

export const stepsBar = css`
  display: flex;
  list-style: none;
  padding: 0;
  margin: 0 0 28px;
  counter-reset: step;
  li {
    flex: 1;
    text-align: center;
    font-size: 13px;
    color: ${tokens.textMuted};
    position: relative;
    padding-top: 30px;
  }
  li::before {
    counter-increment: step;
    content: counter(step);
    position: absolute;
    top: 0;
    left: 50%;
    transform: translateX(-50%);
    width: 24px;
    height: 24px;
    line-height: 24px;
    border-radius: 12px;
    background: ${tokens.disabledBg};
    color: ${tokens.textSecondary};
    font-size: 12px;
  }
  li[data-state='done']::before,
  li[aria-current='step']::before {
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
  li[aria-current='step'] { color: ${tokens.text}; font-weight: 600; }
`
export const actions = css`
  display: flex;
  justify-content: center;
  flex-wrap: wrap;
  gap: 16px;
  margin-top: 28px;
`
/** what the two buttons share: a 40 px pill, a link or a button alike */
const button = css`
  height: 40px;
  border-radius: 20px;
  font-size: 15px;
  cursor: pointer;
  text-decoration: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  box-sizing: border-box;
`
const mainLook = css`
  min-width: 160px;
  padding: 0 24px;
  border: 1px solid ${tokens.brand};
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  &:hover { background: ${tokens.brandDark}; color: ${tokens.onBrand}; }
  &:disabled { background: ${tokens.disabledBg}; border-color: ${tokens.border}; color: ${tokens.textDisabled}; cursor: not-allowed; }
`
export const mainButton = cx(button, mainLook)
const secondLook = css`
  min-width: 120px;
  padding: 0 20px;
  border: 1px solid ${tokens.border};
  background: ${tokens.card};
  color: ${tokens.text};
  &:hover { border-color: ${tokens.brand}; color: ${tokens.brand}; }
  &:disabled { color: ${tokens.textDisabled}; cursor: not-allowed; }
`
export const secondButton = cx(button, secondLook)
