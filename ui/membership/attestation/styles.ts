// Styles of the attestation screens (tokens from ui/styles/tokens.ts).
import { css } from '@linaria/core'
export { actions, mainButton, secondButton, stepsBar } from '../../styles/flow-page'
import { tokens } from '../../styles/tokens'
import { outlineLook, cardLook } from '../../styles/looks'

export const panel = css`
  max-width: 760px;
  margin: 24px auto 40px;
  ${cardLook}
  padding: 28px 36px 32px;
  h1 { font-size: 20px; margin: 0 0 20px; text-align: center; }
  h2 { font-size: 18px; margin: 8px 0 12px; }
  p { line-height: 1.7; color: ${tokens.textSecondary}; }
`
export const form = css`
  display: grid;
  grid-template-columns: 120px 1fr;
  gap: 14px 16px;
  align-items: start;
  > label, > .label { padding-top: 8px; text-align: right; color: ${tokens.textSecondary}; font-size: 14px; }
  .req::before { content: '*'; color: ${tokens.brand}; margin-right: 3px; }
  input[type='text'], input[type='email'], input[type='tel'], select {
    width: 100%;
    max-width: 420px;
    height: 36px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    padding: 0 10px;
    box-sizing: border-box;
    font-size: 14px;
    background: ${tokens.card};
    color: ${tokens.text};
  }
  input[readonly] { background: ${tokens.disabledBg}; }
  [aria-invalid='true'] { border-color: ${tokens.brand}; }
  .error { margin: 4px 0 0; font-size: 13px; color: ${tokens.brand}; }
  .areas { display: flex; gap: 8px; max-width: 420px; }
  .areas select { flex: 1; min-width: 0; }
  .hint { font-size: 13px; color: ${tokens.textMuted}; padding-top: 8px; }
  details { grid-column: 1 / -1; border-top: 1px dashed ${tokens.border}; padding-top: 12px; }
  summary { cursor: pointer; color: ${tokens.link}; font-size: 14px; margin-bottom: 12px; }
  .more { display: grid; grid-template-columns: 120px 1fr; gap: 14px 16px; }
  .more > label { padding-top: 8px; text-align: right; color: ${tokens.textSecondary}; font-size: 14px; }
  .consent { grid-column: 1 / -1; display: flex; gap: 8px; align-items: flex-start; font-size: 13px; color: ${tokens.textSecondary}; line-height: 1.6; }
  .consent input { margin-top: 4px; }
`
export const question = css`
  .progress { color: ${tokens.textMuted}; font-size: 13px; margin-bottom: 6px; }
  h2 { font-size: 17px; line-height: 1.6; }
  ol { list-style: none; padding: 0; margin: 16px 0 0; display: grid; gap: 10px; }
  ol button {
    width: 100%;
    text-align: left;
    padding: 12px 16px;
    ${outlineLook('6px', tokens.text)}
    font-size: 15px;
    cursor: pointer;
    display: flex;
    gap: 12px;
  }
  ol button:hover { border-color: ${tokens.brand}; }
  ol button[aria-pressed='true'] { border-color: ${tokens.brand}; background: ${tokens.brandTint}; }
  ol button b { color: ${tokens.brand}; }
  .error { color: ${tokens.brand}; margin-top: 12px; }
`
export const resultCard = css`
  text-align: center;
  .type { font-size: 28px; font-weight: 700; color: ${tokens.brand}; margin: 8px 0; }
  .expiry { color: ${tokens.textSecondary}; font-size: 14px; }
  .desc { margin: 16px auto; max-width: 520px; color: ${tokens.text}; }
  .disclaimer { font-size: 12px; color: ${tokens.textMuted}; }
`
export const allocation = css`
  display: flex;
  gap: 40px;
  align-items: center;
  justify-content: center;
  margin: 12px 0;
  table { border-collapse: collapse; font-size: 15px; }
  td, th { padding: 8px 12px; text-align: left; border-bottom: 1px solid ${tokens.border}; font-weight: normal; }
  td:last-child { text-align: right; font-variant-numeric: tabular-nums; font-weight: 600; }
  .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 8px; }
`
export const dialogPanel = css`
  width: 400px;
  background: ${tokens.card};
  border-radius: ${tokens.radius};
  padding: 24px;
  h2 { margin: 0 0 12px; font-size: 17px; }
  p { margin: 0 0 20px; line-height: 1.6; color: ${tokens.text}; }
  div { text-align: right; }
`
