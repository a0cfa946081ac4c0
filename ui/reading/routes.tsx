// Routes of the reading feature (see ui/route-def.ts); pages are lazy-loaded.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'
import { readingColumnsRoutes } from './columns/routes'
import { readingCommunityRoutes } from './community/routes'
import { readingDocsRoutes } from './docs/routes'

const SearchPage = lazy(() => import('../search/search-page'))

export const readingRoutes: RouteDef[] = [
  { path: '/search', layout: 'default', render: () => <SearchPage /> },
  ...readingColumnsRoutes,
  ...readingCommunityRoutes,
  ...readingDocsRoutes,
]
