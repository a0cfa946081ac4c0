// Routes of the WeCom pages (spec 001 §2 'Other': /wecom/mine (client, group, group/{gid}),
// /wecom/user-guidance), in the WeCom layout; pages are lazy (see ui/route-def.ts).
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const WecomMinePage = lazy(() => import('./wecom-pages').then((m) => ({ default: m.WecomMinePage })))
const WecomGuidancePage = lazy(() => import('./wecom-pages').then((m) => ({ default: m.WecomGuidancePage })))

export const wecomRoutes: RouteDef[] = [
  { path: '/wecom/mine', layout: 'wecom', render: () => <WecomMinePage view={{ tab: 'client' }} /> },
  { path: '/wecom/mine/client', layout: 'wecom', render: () => <WecomMinePage view={{ tab: 'client' }} /> },
  { path: '/wecom/mine/group', layout: 'wecom', render: () => <WecomMinePage view={{ tab: 'group' }} /> },
  { path: '/wecom/mine/group/:gid', layout: 'wecom', render: (p) => <WecomMinePage view={{ tab: 'group', gid: p.gid ?? '' }} /> },
  { path: '/wecom/user-guidance', layout: 'wecom', render: () => <WecomGuidancePage /> },
]
