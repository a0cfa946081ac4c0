// The WeCom pages' styles, in the tokens of ui/styles/.
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'
import { cardLook, smallTagLook } from '../styles/looks'

export const shell = css`
  display: grid;
  grid-template-columns: 220px 1fr;
  gap: 20px;
  align-items: start;
  padding-bottom: 40px;
  @media (max-width: 750px) {
    grid-template-columns: 1fr;
  }
`
export const side = css`
  ${cardLook}
  padding: 16px;
  h1 {
    margin: 0 0 12px;
    font-size: 18px;
  }
  nav {
    display: grid;
    gap: 4px;
    margin-top: 12px;
  }
  nav a {
    display: block;
    padding: 8px 12px;
    border-radius: ${tokens.radius};
    color: ${tokens.text};
  }
  nav a:hover {
    color: ${tokens.brand};
  }
  nav a[aria-current='page'] {
    background: ${tokens.brandTint};
    color: ${tokens.brand};
    font-weight: 600;
  }
`
export const memberCard = css`
  display: flex;
  gap: 10px;
  align-items: center;
  padding-bottom: 12px;
  border-bottom: 1px solid ${tokens.border};
  p {
    margin: 0;
  }
  p + p {
    color: ${tokens.textMuted};
    font-size: 13px;
  }
`
export const panel = css`
  ${cardLook}
  padding: 20px 24px;
  h2 {
    margin: 0 0 4px;
    font-size: 20px;
  }
`
export const centered = css`
  text-align: center;
  padding: 56px 24px;
  p {
    color: ${tokens.textSecondary};
    max-width: 480px;
    margin: 8px auto 20px;
    line-height: 1.7;
  }
`
export const actions = css`
  display: flex;
  gap: 12px;
  justify-content: center;
  flex-wrap: wrap;
`
export const bigButton = css`
  height: 40px;
  padding: 0 28px;
  border-radius: 20px;
  font-size: 15px;
`
export const muted = css`
  color: ${tokens.textMuted};
  font-size: 13px;
`
export const errorText = css`
  color: ${tokens.important};
  margin: 0 0 12px;
`
export const list = css`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  > li {
    display: flex;
    gap: 14px;
    align-items: flex-start;
    padding: 14px 0;
    border-top: 1px solid ${tokens.border};
  }
  > li > div {
    flex: 1;
    min-width: 0;
  }
  p {
    margin: 2px 0;
    line-height: 1.6;
  }
`
export const avatar = css`
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 8px;
  background: ${tokens.link};
  color: ${tokens.onBrand};
  display: grid;
  place-items: center;
  font-weight: 600;
  font-size: 16px;
`
export const clientAvatar = css`
  background: ${tokens.success};
`
export const nameLine = css`
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
  strong {
    font-size: 15px;
  }
`
export const badge = css`
  display: inline-block;
  ${smallTagLook(tokens.successTint, tokens.success, '20px')}
`
export const corpBadge = css`
  background: ${tokens.infoBg};
  color: ${tokens.link};
`
export const roleBadge = css`
  background: ${tokens.brandTint};
  color: ${tokens.brand};
`
export const tag = css`
  display: inline-block;
  margin: 4px 6px 0 0;
  padding: 0 8px;
  border-radius: 10px;
  border: 1px solid ${tokens.border};
  color: ${tokens.textSecondary};
  font-size: 12px;
  line-height: 20px;
`
export const groupLink = css`
  flex: none;
  align-self: center;
  padding: 4px 14px;
  border: 1px solid ${tokens.brand};
  border-radius: 16px;
  color: ${tokens.brand};
  font-size: 13px;
  &:hover {
    background: ${tokens.brandTint};
  }
`
export const notice = css`
  margin: 12px 0;
  padding: 12px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.warnBg};
  color: ${tokens.warn};
  h3 {
    margin: 0 0 4px;
    font-size: 14px;
  }
  p {
    margin: 0;
    line-height: 1.7;
  }
`
export const steps = css`
  counter-reset: step;
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  gap: 14px;
  li {
    display: grid;
    grid-template-columns: 32px 1fr;
    gap: 12px;
  }
  li::before {
    counter-increment: step;
    content: counter(step);
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: ${tokens.brand};
    color: ${tokens.onBrand};
    display: grid;
    place-items: center;
    font-weight: 600;
  }
  h3 {
    margin: 4px 0;
    font-size: 16px;
  }
  p {
    margin: 0;
    color: ${tokens.textSecondary};
    line-height: 1.7;
  }
`
export const section = css`
  margin-top: 24px;
  h2 {
    font-size: 17px;
  }
  dl {
    margin: 8px 0 0;
  }
  dt {
    font-weight: 600;
    margin-top: 12px;
  }
  dd {
    margin: 4px 0 0;
    color: ${tokens.textSecondary};
    line-height: 1.7;
  }
`
