// The header's account slot (spec 000 §2): sign-in link for guests; the accounts issue adds the
// avatar with its VIP icon, the user menu and the notification bell (99+).
import { Link } from 'wouter'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'

export function HeaderUser() {
  return (
    <Link href="/my/setting" className={`${pill} ${primary}`} style={{ display: 'inline-flex', alignItems: 'center' }}>
      {t('header.signIn')}
    </Link>
  )
}
