// Styles of the creator-certification pages (tokens from ui/styles/tokens.ts), in the shape of the
// attestation screens (ui/membership/attestation/styles.ts).
import { css } from '@linaria/core'
export { actions, mainButton, secondButton, stepsBar } from '../styles/flow-page'
import { tokens } from '../styles/tokens'
import { outlineLook, cardLook } from '../styles/looks'

export const panel = css`
  max-width: 800px;
  margin: 24px auto 40px;
  ${cardLook}
  padding: 28px 40px 32px;
  h1 { font-size: 22px; margin: 0 0 12px; text-align: center; color: ${tokens.text}; }
  h2 { font-size: 18px; margin: 8px 0 14px; color: ${tokens.text}; }
  p { line-height: 1.7; color: ${tokens.textSecondary}; margin: 0 0 12px; }
`
export const wide = css`
  max-width: 960px;
`
export const lead = css`
  text-align: center;
  font-size: 15px;
`
export const needs = css`
  margin: 16px auto 8px;
  max-width: 520px;
  padding: 16px 20px 12px;
  background: ${tokens.bg};
  border-radius: ${tokens.radius};
  h2 { font-size: 15px; margin: 0 0 8px; }
  ul { margin: 0; padding-left: 20px; color: ${tokens.textSecondary}; line-height: 1.9; font-size: 14px; }
`
export const kinds = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 20px;
  margin: 8px 0 4px;
  button {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
    padding: 28px 16px;
    ${outlineLook(tokens.radius, tokens.text)}
    cursor: pointer;
    font-size: 17px;
    font-weight: 600;
  }
  button:hover { border-color: ${tokens.brand}; background: ${tokens.brandTint}; }
  button span { font-size: 13px; font-weight: normal; color: ${tokens.textSecondary}; }
`
export const form = css`
  display: grid;
  grid-template-columns: 150px 1fr;
  gap: 16px 16px;
  align-items: start;
  > label, > .label { padding-top: 9px; text-align: right; color: ${tokens.textSecondary}; font-size: 14px; }
  .req::before { content: '*'; color: ${tokens.brand}; margin-right: 3px; }
  .opt { color: ${tokens.textMuted}; font-size: 12px; margin-left: 4px; }
  input[type='text'], input[type='email'], textarea {
    width: 100%;
    max-width: 460px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    padding: 0 10px;
    box-sizing: border-box;
    font-size: 14px;
    font-family: inherit;
    background: ${tokens.card};
    color: ${tokens.text};
  }
  input[type='text'], input[type='email'] { height: 36px; }
  textarea { padding: 8px 10px; min-height: 110px; resize: vertical; line-height: 1.6; }
  input:focus, textarea:focus { outline: 2px solid ${tokens.focus}; outline-offset: 1px; }
  [aria-invalid='true'] { border-color: ${tokens.brand}; }
  .error { margin: 4px 0 0; font-size: 13px; color: ${tokens.brand}; }
  .hint { margin: 6px 0 0; font-size: 12px; color: ${tokens.textMuted}; }
`
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  border: 0;
  white-space: nowrap;
`
export const uploadBox = css`
  display: flex;
  align-items: center;
  gap: 14px;
  flex-wrap: wrap;
  .pick {
    position: relative;
    display: inline-flex;
    align-items: center;
    height: 34px;
    padding: 0 16px;
    border: 1px dashed ${tokens.brand};
    border-radius: 17px;
    color: ${tokens.brand};
    background: ${tokens.brandTint};
    font-size: 14px;
    cursor: pointer;
  }
  .pick:focus-within { outline: 2px solid ${tokens.focus}; outline-offset: 2px; }
  .state { font-size: 13px; color: ${tokens.textSecondary}; }
  .done { color: ${tokens.success}; }
`
export const progress = css`
  width: 160px;
  height: 6px;
  border-radius: 3px;
  background: ${tokens.disabledBg};
  overflow: hidden;
  span { display: block; height: 100%; background: ${tokens.brand}; transition: width 0.2s; }
`
export const summary = css`
  display: grid;
  grid-template-columns: 150px 1fr;
  gap: 10px 16px;
  margin: 0;
  dt { text-align: right; color: ${tokens.textSecondary}; font-size: 14px; }
  dd { margin: 0; color: ${tokens.text}; font-size: 14px; white-space: pre-wrap; word-break: break-word; }
  img { max-width: 240px; max-height: 150px; border-radius: 6px; border: 1px solid ${tokens.border}; object-fit: cover; }
`
export const notice = css`
  margin: 0 0 16px;
  padding: 10px 14px;
  border-radius: 6px;
  font-size: 14px;
  background: ${tokens.warnBg};
  color: ${tokens.warn};
`
export const resultCard = css`
  text-align: center;
  .badge {
    display: inline-block;
    padding: 2px 12px;
    border-radius: 12px;
    font-size: 13px;
    margin-bottom: 10px;
  }
  .badge[data-status='reviewing'] { background: ${tokens.infoBg}; color: ${tokens.link}; }
  .badge[data-status='success'] { background: ${tokens.successTint}; color: ${tokens.success}; }
  .badge[data-status='failure'] { background: ${tokens.brandTint}; color: ${tokens.brand}; }
  .reason { color: ${tokens.brand}; font-size: 15px; white-space: pre-wrap; word-break: break-word; }
  .meta { font-size: 13px; color: ${tokens.textMuted}; }
`
export const queue = css`
  list-style: none;
  padding: 0;
  margin: 16px 0 0;
  display: grid;
  gap: 16px;
  > li { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 18px 20px; }
  header { display: flex; align-items: center; gap: 10px; margin-bottom: 12px; }
  header img { width: 36px; height: 36px; border-radius: 50%; }
  header b { font-size: 15px; color: ${tokens.text}; }
  header .meta { margin-left: auto; font-size: 13px; color: ${tokens.textMuted}; }
  .decide { display: flex; gap: 12px; justify-content: flex-end; margin-top: 14px; flex-wrap: wrap; align-items: flex-start; }
  .decide textarea {
    flex: 1 1 100%;
    min-height: 70px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    padding: 8px 10px;
    font-family: inherit;
    font-size: 14px;
    box-sizing: border-box;
  }
  .decide .error { flex: 1 1 100%; color: ${tokens.brand}; font-size: 13px; margin: 0; }
`
export const tabs = css`
  display: flex;
  gap: 8px;
  border-bottom: 1px solid ${tokens.border};
  button {
    height: 38px;
    padding: 0 16px;
    border: 0;
    border-bottom: 2px solid ${tokens.transparent};
    background: ${tokens.transparent};
    color: ${tokens.textSecondary};
    font-size: 15px;
    cursor: pointer;
  }
  button[aria-selected='true'] { color: ${tokens.brand}; border-bottom-color: ${tokens.brand}; font-weight: 600; }
`
export const smallButton = css`
  height: 32px;
  padding: 0 18px;
  border-radius: 16px;
  border: 1px solid ${tokens.border};
  background: ${tokens.card};
  color: ${tokens.text};
  font-size: 14px;
  cursor: pointer;
  &:hover { border-color: ${tokens.brand}; color: ${tokens.brand}; }
  &[data-kind='approve'] { background: ${tokens.brand}; border-color: ${tokens.brand}; color: ${tokens.onBrand}; }
  &[data-kind='approve']:hover { background: ${tokens.brandDark}; color: ${tokens.onBrand}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`
