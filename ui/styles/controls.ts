// Form controls drawn like the rest of the site instead of the browser's defaults (design.md 'Views': no
// unstyled native button, select or file input on a product page; e2e/native-controls.ts checks it).
import { css } from '@linaria/core'
import { tokens } from './tokens'
import { outlineLook, brandOutlineLook } from './looks'

/**
 * A native input kept for the keyboard, screen readers and forms but drawn by its label instead (the file
 * button's, the choice pills'): out of sight, still focusable.
 */
const hiddenInput = `
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
  opacity: 0;
`

/** A select or one-line input: the site's thin border, rounded, the site's font. */
export const field = css`
  height: 32px;
  padding: 0 10px;
  ${outlineLook('6px', tokens.text)}
  font: inherit;
  font-size: 13px;
  box-sizing: border-box;
  &:hover {
    border-color: ${tokens.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${tokens.focus};
    outline-offset: 1px;
    border-color: ${tokens.focus};
  }
`

/** A small outlined button (member lists, toolbars); `danger` tints it for removals. */
export const smallButton = css`
  height: 24px;
  padding: 0 8px;
  ${outlineLook('12px')}
  font: inherit;
  font-size: 12px;
  line-height: 22px;
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled) {
    border-color: ${tokens.brand};
    color: ${tokens.brand};
  }
  &:disabled {
    background: ${tokens.disabledBg};
    color: ${tokens.textDisabled};
    cursor: default;
  }
  &[data-tone='danger'] {
    color: ${tokens.important};
  }
`

/**
 * A file picker as a button: a label styled like the site's pill buttons holding a visually hidden
 * `<input type="file">` (still focusable and announced; the label's text names it, in the reader's script).
 */
export const fileButton = css`
  position: relative;
  /* doubled, so a form's own 'label { display: block }' does not turn the button into a line */
  && {
    display: inline-flex;
    margin: 0;
  }
  align-items: center;
  height: 32px;
  padding: 0 16px;
  ${brandOutlineLook('16px')}
  font-size: 13px;
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    background: ${tokens.brandTint};
  }
  &:focus-within {
    outline: 2px solid ${tokens.focus};
    outline-offset: 2px;
  }
  &[data-disabled='true'] {
    border-color: ${tokens.border};
    background: ${tokens.disabledBg};
    color: ${tokens.textDisabled};
    cursor: default;
  }
  input[type='file'] {
    ${hiddenInput}
  }
`

/**
 * A choice of a few options drawn as pills (a radio group: a fieldset of labels, each holding a visually
 * hidden `<input type="radio">` that keeps the keyboard and screen-reader behaviour): the chosen one has
 * the brand's outline and tint. Used by /my/setting's price colours (issue 24).
 */
export const choiceGroup = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin: 8px 0 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: 8px;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  /* doubled, so a form's own 'label { display: block }' does not turn a pill into a line */
  && label {
    position: relative;
    display: inline-flex;
    align-items: center;
    gap: 8px;
    margin: 0;
    height: 36px;
    padding: 0 16px;
    ${outlineLook('18px', tokens.text)}
    font-size: 14px;
    cursor: pointer;
  }
  && label:hover {
    border-color: ${tokens.brand};
  }
  && label:has(input:checked) {
    border-color: ${tokens.brand};
    background: ${tokens.brandTint};
    color: ${tokens.brand};
    font-weight: 600;
  }
  /* the ring for the keyboard only: a click on a pill does not draw it */
  && label:has(input:focus-visible) {
    outline: 2px solid ${tokens.focus};
    outline-offset: 2px;
  }
  input[type='radio'] {
    ${hiddenInput}
  }
`

/** The small square with a list item's place (1, 2, 3…) in the home page's side lists. */
export const rankBadge = css`
  flex: none;
  width: 18px;
  height: 18px;
  border-radius: 3px;
  background: ${tokens.bg};
  color: ${tokens.textMuted};
  font-size: 12px;
  line-height: 18px;
  text-align: center;
`
