// The console's course pages (issue 29; spec 001 §2 circle admin course/list (add, edit/{id?}),
// course/content (add, edit/{id?}), course/user-list). Pages are lazy.
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'
import { idRoute } from '../id-route'
import { COURSE_CONTENT_PATH, COURSE_LIST_PATH, COURSE_USERS_PATH } from './paths'

const CourseListPage = lazy(() => import('./course-list-page').then((m) => ({ default: m.CourseListPage })))
const CourseFormPage = lazy(() => import('./course-form-page').then((m) => ({ default: m.CourseFormPage })))
const ContentPage = lazy(() => import('./content-page').then((m) => ({ default: m.ContentPage })))
const ChapterAddPage = lazy(() => import('./chapter-form-page').then((m) => ({ default: m.ChapterAddPage })))
const ChapterEditPage = lazy(() => import('./chapter-form-page').then((m) => ({ default: m.ChapterEditPage })))
const CourseUsersPage = lazy(() => import('./users-page').then((m) => ({ default: m.CourseUsersPage })))

export const courseRoutes: RouteDef[] = [
  { path: COURSE_LIST_PATH, layout: 'default', render: () => <CourseListPage /> },
  { path: `${COURSE_LIST_PATH}/add`, layout: 'default', render: () => <CourseFormPage key="add" id={null} /> },
  // spec 001 §2: edit/{id?} — without one there is nothing to edit: the list
  idRoute(`${COURSE_LIST_PATH}/edit/:id?`, 'id', (id) => <CourseFormPage key={id} id={id} />, COURSE_LIST_PATH),
  { path: COURSE_CONTENT_PATH, layout: 'default', render: () => <ContentPage /> },
  { path: `${COURSE_CONTENT_PATH}/add`, layout: 'default', render: () => <ChapterAddPage /> },
  idRoute(`${COURSE_CONTENT_PATH}/edit/:id?`, 'id', (id) => <ChapterEditPage key={id} id={id} />, COURSE_CONTENT_PATH),
  { path: COURSE_USERS_PATH, layout: 'default', render: () => <CourseUsersPage /> },
]
