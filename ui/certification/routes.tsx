// Routes of the creator certification (spec 001 §2: /chiefCircle/creator-certification with new and
// result; the audit flow /audit with company, failure, person, review, submitted, success and an index
// page) and the reviewer's queue /audit/reviewer (ours). One route for the whole /audit flow, so its
// machine lives on while the address follows its steps. Pages are lazy (see ui/route-def.ts).
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const CreatorCertificationPage = lazy(() => import('./certification-pages').then((m) => ({ default: m.CreatorCertificationPage })))
const CertificationResultPage = lazy(() => import('./certification-pages').then((m) => ({ default: m.CertificationResultPage })))
const AuditPage = lazy(() => import('./certification-pages').then((m) => ({ default: m.AuditPage })))
const ReviewerPage = lazy(() => import('./certification-pages').then((m) => ({ default: m.ReviewerPage })))

export const certificationRoutes: RouteDef[] = [
  { path: '/chiefCircle/creator-certification', layout: 'default', render: () => <CreatorCertificationPage /> },
  { path: '/chiefCircle/creator-certification/new', layout: 'default', render: () => <AuditPage step="person" mode="new" /> },
  { path: '/chiefCircle/creator-certification/result', layout: 'default', render: () => <CertificationResultPage /> },
  { path: '/audit/reviewer', layout: 'default', render: () => <ReviewerPage /> },
  // any other child of /audit is the 404 page (AuditPage)
  { path: '/audit/:step?', layout: 'default', render: (p) => <AuditPage step={p.step} mode="audit" /> },
]
