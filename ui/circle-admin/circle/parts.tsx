// Pieces the console's circle and operate pages share: the review badge, the type's name, and the
// picker of the circle a page manages (kept in the address as ?circleId=, so a link opens it). The
// table, toolbar, form grid and pager are the console's (ui/circle-admin/parts.tsx).
import type { ReactNode } from 'react'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import type { ReviewStatus } from '../../../core/api/posting'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { Badge, ManagedPicker, type BadgeTone } from '../parts'
import { useCircleAdminApi } from './api'
import '../../i18n/texts/circleAdminCircles'

const REVIEW_TONES: Record<ReviewStatus, BadgeTone | undefined> = { draft: undefined, reviewing: 'info', approved: 'success', rejected: 'danger' }

export function ReviewBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge tone={REVIEW_TONES[status]} status={status} testId="circle-review-status">
      {t(`circleAdminCircles.review.${status}`)}
    </Badge>
  )
}

/**
 * The circle a page manages: a picker of the reader's circles; the page's body renders for the chosen
 * one (the first when none is in the address yet).
 */
export function CirclePicker({ children }: { children: (circle: AdminCircle) => ReactNode }) {
  const all = useRead(useCircleAdminApi().allCircles())
  return (
    <ManagedPicker
      state={all}
      param="circleId"
      label={t('circleAdminCircles.users.circle')}
      none={t('circleAdminCircles.users.noCircles')}
      testId="circle-picker"
      optionLabel={(c) => `${c.name}（${t(`circleAdminCircles.types.${c.type}`)}）`}
    >
      {children}
    </ManagedPicker>
  )
}
