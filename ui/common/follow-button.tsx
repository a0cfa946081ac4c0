// 关注 / 已关注 on a person (spec 000 §7 POST /api/friendships/follow and unfollow, destUserId): the one
// follow button of every page that shows people (recommended users, 推荐关注, a user's page, the
// personal follow lists). Built on the toggle machine (ui/common/toggle-button.tsx: login first,
// optimistic, rolled back on failure) and the session's follow set, so every button on a person
// agrees. None on the reader's own card (core/session/follow-rules.ts).
import { canFollowUser } from '../../core/session/follow-rules'
import { ToggleButton } from './toggle-button'
import { followUser } from './follow-user'
import { useApi } from './use-api'
import { useSession } from './session'
import { pill, primary } from '../styles/buttons'
import { t } from '../i18n/i18n'

export function FollowButton({ userId, initial }: { userId: number; initial: boolean }) {
  const follow = useApi(followUser)
  const session = useSession()
  if (!canFollowUser(session.user?.id ?? null, userId)) return null
  return (
    <ToggleButton
      on={initial}
      save={(on) => follow(userId, on)}
      member={{ set: 'users', id: userId }}
      label={(on) => (on ? t('accounts.unfollow') : t('accounts.follow'))}
      className={(on) => (on ? pill : `${pill} ${primary}`)}
      testId="follow-button"
    />
  )
}
