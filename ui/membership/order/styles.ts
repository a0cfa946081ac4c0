// Styles of the order dialog's pages (spec 001 §9: order dialog 692 px, coupon list 485 px).
import { css } from '@linaria/core'
import { tokens } from '../../styles/tokens'
import { outlineLook, frameLook, plainListLook, filledLook } from '../../styles/looks'

export const dialog = css`
  width: 692px;
  max-width: calc(100vw - 32px);
  max-height: calc(100vh - 48px);
  overflow: auto;
  background: ${tokens.card};
  border-radius: ${tokens.radius};
  box-shadow: 0 8px 32px ${tokens.shadow};
  color: ${tokens.text};
  outline: none;
`
export const head = css`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 16px 20px;
  border-bottom: 1px solid ${tokens.border};
  h2 {
    flex: 1;
    margin: 0;
    font-size: 18px;
  }
`
const iconButton = `
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: 16px;
  background: ${tokens.transparent};
  color: ${tokens.textSecondary};
  font-size: 24px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${tokens.bg};
  }
`
export const closeButton = css`
  ${iconButton}
`
export const backButton = css`
  ${iconButton}
  font-size: 28px;
`
export const body = css`
  padding: 20px;
`
export const loadingBox = css`
  padding: 60px 20px;
  text-align: center;
  color: ${tokens.textSecondary};
`
export const section = css`
  margin-bottom: 20px;
  h3 {
    margin: 0 0 10px;
    font-size: 15px;
  }
`
export const specGrid = css`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 12px;
`
export const specCard = css`
  position: relative;
  padding: 14px 12px;
  border: 2px solid ${tokens.border};
  border-radius: ${tokens.radius};
  background: ${tokens.card};
  text-align: left;
  cursor: pointer;
  font: inherit;
  color: ${tokens.text};
  &[aria-pressed='true'] {
    border-color: ${tokens.brand};
    background: ${tokens.brandTint};
  }
  strong {
    display: block;
    font-size: 14px;
  }
  .price {
    display: block;
    margin-top: 6px;
    font-size: 20px;
    color: ${tokens.brand};
    font-weight: bold;
  }
  s {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  .badge {
    position: absolute;
    top: -10px;
    right: 8px;
    padding: 1px 8px;
    border-radius: 10px;
    background: ${tokens.brand};
    color: ${tokens.onBrand};
    font-size: 12px;
  }
`
export const row = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 0;
  border-top: 1px solid ${tokens.border};
`
export const linkButton = css`
  border: 0;
  background: ${tokens.transparent};
  color: ${tokens.link};
  cursor: pointer;
  font: inherit;
  padding: 0;
`
export const payMethods = css`
  display: flex;
  gap: 12px;
  label {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 8px 14px;
    ${frameLook}
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${tokens.brand};
  }
`
export const footer = css`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 16px;
  padding: 16px 20px;
  border-top: 1px solid ${tokens.border};
  .total {
    font-size: 14px;
  }
  .total strong {
    font-size: 24px;
    color: ${tokens.brand};
  }
`
export const primary = css`
  padding: 10px 36px;
  ${filledLook('20px')}
  font-size: 15px;
  cursor: pointer;
  &:disabled {
    background: ${tokens.disabledBg};
    color: ${tokens.textDisabled};
    cursor: not-allowed;
  }
`
export const secondary = css`
  padding: 10px 28px;
  ${outlineLook('20px', tokens.text)}
  font-size: 15px;
  cursor: pointer;
`
export const tooltip = css`
  padding: 6px 12px;
  border-radius: ${tokens.radius};
  background: ${tokens.warnBg};
  border: 1px solid ${tokens.warnBorder};
  color: ${tokens.warn};
  font-size: 13px;
`
export const agreementLine = css`
  display: flex;
  align-items: flex-start;
  gap: 6px;
  font-size: 13px;
  color: ${tokens.textSecondary};
`
export const couponList = css`
  max-height: 485px;
  overflow: auto;
  ${plainListLook}
  li + li {
    margin-top: 10px;
  }
  label {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 12px 14px;
    ${frameLook}
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${tokens.brand};
    background: ${tokens.brandTint};
  }
  .amount {
    min-width: 72px;
    color: ${tokens.brand};
    font-size: 20px;
    font-weight: bold;
  }
  .meta {
    flex: 1;
    font-size: 13px;
    color: ${tokens.textSecondary};
  }
  .meta strong {
    display: block;
    font-size: 14px;
    color: ${tokens.text};
  }
  [data-available='false'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`
export const table = css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 10px 12px;
    border: 1px solid ${tokens.border};
    text-align: left;
    font-size: 14px;
  }
  th {
    width: 160px;
    background: ${tokens.bg};
    font-weight: normal;
    color: ${tokens.textSecondary};
  }
`
export const matchNo = css`
  color: ${tokens.brand};
`
export const matchYes = css`
  color: ${tokens.success};
`
export const docText = css`
  font-size: 14px;
  line-height: 1.8;
  color: ${tokens.textSecondary};
  white-space: pre-line;
`
export const tabs = css`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${tokens.border};
  margin-bottom: 12px;
  button {
    position: relative;
    padding: 8px 14px;
    border: 0;
    border-bottom: 2px solid ${tokens.transparent};
    background: ${tokens.transparent};
    font: inherit;
    color: ${tokens.textSecondary};
    cursor: pointer;
  }
  button[aria-selected='true'] {
    color: ${tokens.brand};
    border-bottom-color: ${tokens.brand};
  }
  .dot {
    position: absolute;
    top: 6px;
    right: 4px;
    width: 6px;
    height: 6px;
    border-radius: 3px;
    background: ${tokens.brand};
  }
`
export const actions = css`
  display: flex;
  justify-content: center;
  gap: 16px;
  margin-top: 20px;
`
export const formGrid = css`
  display: grid;
  grid-template-columns: 120px 1fr;
  gap: 12px 12px;
  align-items: center;
  label {
    color: ${tokens.textSecondary};
    font-size: 14px;
    text-align: right;
  }
  input,
  select {
    padding: 8px 10px;
    ${frameLook}
    font: inherit;
  }
  .error {
    grid-column: 2;
    margin-top: -6px;
    color: ${tokens.brand};
    font-size: 12px;
  }
  .label {
    color: ${tokens.textSecondary};
    font-size: 14px;
    text-align: right;
  }
  .areas {
    display: flex;
    gap: 8px;
  }
  .areas select {
    flex: 1;
    min-width: 0;
  }
  div > .error {
    display: block;
    margin-top: 4px;
  }
`
export const successBox = css`
  text-align: center;
  padding: 10px 0;
  .mark {
    width: 56px;
    height: 56px;
    margin: 0 auto 12px;
    border-radius: 28px;
    background: ${tokens.success};
    color: ${tokens.onBrand};
    font-size: 32px;
    line-height: 56px;
  }
  h3 {
    margin: 0 0 8px;
    font-size: 20px;
  }
  img {
    width: 120px;
    height: 120px;
    margin: 12px auto;
    display: block;
  }
`
