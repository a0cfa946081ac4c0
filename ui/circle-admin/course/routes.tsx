// The console's course pages (issue 29; spec 001 §2 circle admin course/list (add, edit/{id?}),
// course/content (add, edit/{id?}), course/user-list). Pages are lazy.
import { lazy } from 'react'
import { Redirect } from 'wouter'
import type { RouteDef } from '../../route-def'
import { parseRouteId } from '../../../core/validation/route-id'
import { COURSE_CONTENT_PATH, COURSE_LIST_PATH, COURSE_USERS_PATH } from './paths'

const CourseListPage = lazy(() => import('./course-list-page').then((m) => ({ default: m.CourseListPage })))
const CourseFormPage = lazy(() => import('./course-form-page').then((m) => ({ default: m.CourseFormPage })))
const ContentPage = lazy(() => import('./content-page').then((m) => ({ default: m.ContentPage })))
const ChapterAddPage = lazy(() => import('./chapter-form-page').then((m) => ({ default: m.ChapterAddPage })))
const ChapterEditPage = lazy(() => import('./chapter-form-page').then((m) => ({ default: m.ChapterEditPage })))
const CourseUsersPage = lazy(() => import('./users-page').then((m) => ({ default: m.CourseUsersPage })))
const NotFoundPage = lazy(() => import('../../common/status-pages').then((m) => ({ default: m.NotFoundPage })))

export const courseRoutes: RouteDef[] = [
  { path: COURSE_LIST_PATH, layout: 'default', render: () => <CourseListPage /> },
  { path: `${COURSE_LIST_PATH}/add`, layout: 'default', render: () => <CourseFormPage key="add" id={null} /> },
  {
    // spec 001 §2: edit/{id?} — without one there is nothing to edit: the list
    path: `${COURSE_LIST_PATH}/edit/:id?`,
    layout: 'default',
    render: (p) => {
      if (p.id === undefined) return <Redirect to={COURSE_LIST_PATH} replace />
      const id = parseRouteId(p.id)
      return id === null ? <NotFoundPage /> : <CourseFormPage key={id} id={id} />
    },
  },
  { path: COURSE_CONTENT_PATH, layout: 'default', render: () => <ContentPage /> },
  { path: `${COURSE_CONTENT_PATH}/add`, layout: 'default', render: () => <ChapterAddPage /> },
  {
    path: `${COURSE_CONTENT_PATH}/edit/:id?`,
    layout: 'default',
    render: (p) => {
      if (p.id === undefined) return <Redirect to={COURSE_CONTENT_PATH} replace />
      const id = parseRouteId(p.id)
      return id === null ? <NotFoundPage /> : <ChapterEditPage key={id} id={id} />
    },
  },
  { path: COURSE_USERS_PATH, layout: 'default', render: () => <CourseUsersPage /> },
]
