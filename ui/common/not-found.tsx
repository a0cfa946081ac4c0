// The centred card of the error and not-found pages, and the not-found content a detail page
// shows in place of its item (shared by every feature's detail pages).
import { css } from '@linaria/core'
import { Link } from 'wouter'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { filledLook } from '../styles/looks'

export const centered = css`
  max-width: 560px;
  margin: 60px auto;
  padding: 40px 32px;
  background: ${tokens.card};
  border-radius: ${tokens.radius};
  text-align: center;
  h1 {
    margin: 12px 0 8px;
    font-size: 22px;
  }
  p {
    color: ${tokens.textSecondary};
  }
  ul {
    display: inline-block;
    margin: 0 0 16px;
    padding-left: 20px;
    text-align: left;
    color: ${tokens.textSecondary};
  }
`
export const code = css`
  font-size: 64px;
  font-weight: 800;
  line-height: 1;
  color: ${tokens.brand};
  opacity: 0.85;
`
export const actionButton = css`
  display: inline-block;
  padding: 8px 24px;
  ${filledLook('18px')}
  cursor: pointer;
  &:hover {
    background: ${tokens.brandDark};
    color: ${tokens.onBrand};
  }
`

export function NotFoundContent({ text }: { text: string }) {
  return (
    <div className={centered}>
      <h1>{text}</h1>
      <Link href="/" className={actionButton}>
        {t('common.backHome')}
      </Link>
    </div>
  )
}
