// Routes of the reading feature (see ui/route-def.ts); pages are lazy-loaded.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const SearchPage = lazy(() => import('../search/search-page'))

export const readingRoutes: RouteDef[] = [{ path: '/search', layout: 'default', render: () => <SearchPage /> }]
