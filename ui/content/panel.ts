import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

export const twoColumns = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: 20px;
  align-items: start;
`
export const panel = css`
  background: ${tokens.card};
  border-radius: ${tokens.radius};
  padding: 16px 20px;
`
export const panelTitle = css`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin: 0 0 12px;
  font-size: 17px;
  font-weight: 700;
  a {
    font-size: 13px;
    font-weight: 400;
    color: ${tokens.textMuted};
  }
`
export const tabs = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-bottom: 4px;
  border-bottom: 1px solid ${tokens.border};
  a,
  button {
    padding: 8px 14px;
    border: 0;
    border-bottom: 2px solid transparent;
    background: none;
    color: ${tokens.textSecondary};
    font-size: 15px;
    cursor: pointer;
  }
  [aria-current='page'],
  [aria-pressed='true'],
  [aria-selected='true'] {
    color: ${tokens.brand};
    border-bottom-color: ${tokens.brand};
    font-weight: 600;
  }
`
export const sticky = css`
  position: sticky;
  top: 80px;
`
