// Pieces the console's circle and operate pages share: the review badge, the type's name, and the
// picker of the circle a page manages (kept in the address as ?circleId=, so a link opens it). The
// table, toolbar, form grid and pager are the console's (ui/circle-admin/live/parts.tsx).
import { css } from '@linaria/core'
import { useLocation, useSearch } from 'wouter'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import type { ReviewStatus } from '../../../core/api/posting'
import { parseRouteId } from '../../../core/validation/route-id'
import { useRead } from '../../common/use-read'
import { Failed, Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { field } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { useCircleAdminApi } from './api'
import '../../i18n/texts/circleAdminCircles'

const badge = css`
  display: inline-block;
  padding: 1px 8px;
  border-radius: 10px;
  font-size: 12px;
  white-space: nowrap;
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
  &[data-status='approved'] {
    background: ${tokens.successTint};
    color: ${tokens.success};
  }
  &[data-status='reviewing'] {
    background: ${tokens.infoBg};
    color: ${tokens.link};
  }
  &[data-status='rejected'] {
    background: ${tokens.warnBg};
    color: ${tokens.important};
  }
`

export function ReviewBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={badge} data-status={status} data-testid="circle-review-status">
      {t(`circleAdminCircles.review.${status}`)}
    </span>
  )
}

const picker = css`
  display: flex;
  gap: 10px;
  align-items: center;
  margin-bottom: 16px;
  font-size: 13px;
  color: ${tokens.textSecondary};
  select {
    min-width: 240px;
  }
`

/** The ?circleId= of the address (0: none chosen). */
export function useCircleParam(): number {
  return parseRouteId(new URLSearchParams(useSearch()).get('circleId') ?? undefined) ?? 0
}

/**
 * The circle a page manages: a picker of the reader's circles; the page's body renders for the chosen
 * one (the first when none is in the address yet).
 */
export function CirclePicker({ children }: { children: (circle: AdminCircle) => React.ReactNode }) {
  const api = useCircleAdminApi()
  const [path, navigate] = useLocation()
  const chosen = useCircleParam()
  const all = useRead(api.allCircles())
  if (all.status === 'loading') return <Loading rows={3} />
  if (all.status === 'failed') return <Failed message={all.message} onRetry={all.reload} />
  const list = all.data.list
  if (list.length === 0) return <p data-testid="circle-picker-none">{t('circleAdminCircles.users.noCircles')}</p>
  const circle = list.find((c) => c.id === chosen) ?? list[0]!
  return (
    <>
      <label className={picker}>
        {t('circleAdminCircles.users.circle')}
        <select className={field} value={circle.id} data-testid="circle-picker" onChange={(e) => navigate(`${path}?circleId=${e.target.value}`, { replace: true })}>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}（{t(`circleAdminCircles.types.${c.type}`)}）
            </option>
          ))}
        </select>
      </label>
      {children(circle)}
    </>
  )
}
