// The header's user menu — spec 000 §2 "User menu" table; spec 001 §2, §6 (circle-admin entry), §9 (new-certification badge 30 days).

/** spec 000 §9: new-certification badge 30 days. */
export const NEW_BADGE_DAYS = 30
const NEW_BADGE_MS = NEW_BADGE_DAYS * 86_400_000

/** A NEW badge for 30 days from the advisory certification's createTime (seconds). */
export const showNewCertificationBadge = (createTimeSeconds: number, nowMs: number): boolean =>
  nowMs - createTimeSeconds * 1000 < NEW_BADGE_MS

export type UserMenuKey =
  | 'userMenu.myHomepage'
  | 'userMenu.myPortfolio'
  | 'userMenu.publications'
  | 'userMenu.favourites'
  | 'userMenu.settings'
  | 'userMenu.purchases'
  | 'userMenu.circleAdmin'
  | 'userMenu.logout'

export interface UserMenuEntry {
  /** i18n key of the label */
  readonly key: UserMenuKey
  /** null for logout, which is an action, not a page */
  readonly route: string | null
  readonly newBadge: boolean
  readonly action: 'navigate' | 'logout'
}

export interface UserMenuInput {
  /** null for a guest: guests get no menu */
  readonly userId: number | string | null
  readonly vipDisplay: boolean
  /** loginInfo.advisoryCertification; createTime in seconds */
  readonly advisoryCertification: { readonly createTime: number } | null | undefined
  readonly nowMs: number
}

const page = (key: UserMenuKey, route: string, newBadge = false): UserMenuEntry => ({ key, route, newBadge, action: 'navigate' })

export const userMenu = ({ userId, vipDisplay, advisoryCertification, nowMs }: UserMenuInput): UserMenuEntry[] => {
  if (userId === null || userId === '') return []
  const id = encodeURIComponent(String(userId))
  return [
    page('userMenu.myHomepage', `/user/${id}`),
    page('userMenu.myPortfolio', `/user/${id}/portfolio`),
    page('userMenu.publications', '/my/publish'),
    page('userMenu.favourites', '/my/favorite'),
    page('userMenu.settings', '/my/setting'),
    ...(vipDisplay ? [page('userMenu.purchases', '/my/purchase')] : []),
    ...(advisoryCertification
      ? [page('userMenu.circleAdmin', '/circle-admin', showNewCertificationBadge(advisoryCertification.createTime, nowMs))]
      : []),
    { key: 'userMenu.logout', route: null, newBadge: false, action: 'logout' },
  ]
}
