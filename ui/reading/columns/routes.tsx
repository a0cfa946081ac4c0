// Routes of the reading 'columns' part (columns, albums, subjects and hotspots); pages lazy-loaded.
import { parseRouteId } from '../../../core/validation/route-id'
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'

const ColumnHomePage = lazy(() => import('./column-home-page'))
const ColumnistsPage = lazy(() => import('./columnists-page'))
const ColumnPage = lazy(() => import('./column-page'))
const SubjectsPage = lazy(() => import('./subjects-page'))
const SubjectPage = lazy(() => import('./subject-page'))
const HotspotPage = lazy(() => import('./hotspot-page'))

/** a positive integer id from the path, or 0 (the pages answer 'not found' for it) */
const idOf = (raw: string | undefined): number => parseRouteId(raw) ?? 0

export const readingColumnsRoutes: RouteDef[] = [
  { path: '/column', layout: 'default', render: () => <ColumnHomePage /> },
  { path: '/column/columnist', layout: 'default', render: () => <ColumnistsPage /> },
  { path: '/column/page/:id', layout: 'default', render: (p) => <ColumnPage key={`c${p.id}`} id={idOf(p.id)} album={false} /> },
  { path: '/album/:columnId', layout: 'default', render: (p) => <ColumnPage key={`a${p.columnId}`} id={idOf(p.columnId)} album /> },
  { path: '/subject', layout: 'default', render: () => <SubjectsPage /> },
  { path: '/subject/:id', layout: 'default', render: (p) => <SubjectPage key={p.id} id={idOf(p.id)} /> },
  { path: '/hotspot/:id', layout: 'default', render: (p) => <HotspotPage id={idOf(p.id)} /> },
]
