// Routes of membership and purchase (see ui/route-def.ts); pages are lazy-loaded.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const my = () => import('./my-purchase')
const MyPurchasePage = lazy(() => my().then((m) => ({ default: m.MyPurchasePage })))
const MyCouponPage = lazy(() => my().then((m) => ({ default: m.MyCouponPage })))
const AttestationPage = lazy(() => import('./attestation/attestation-page').then((m) => ({ default: m.AttestationPage })))

export const membershipRoutes: RouteDef[] = [
  { path: '/my/purchase', layout: 'my', render: () => <MyPurchasePage /> },
  { path: '/my/coupon', layout: 'my', render: () => <MyCouponPage /> },
  { path: '/member/attestation', layout: 'default', render: () => <AttestationPage /> },
]
