// A course's API module (issue 27; design.md 'App state and the API layer'): the course read and the
// progress machine's saving actor, from the HTTP port on core/api/circle-extras.ts; joining a free
// course is the circles' join (POST /api/momentUser/v1). Views take it through useCourseApi().
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import { courseDetail, courseProgress } from '../../core/api/circle-extras'
import { momentJoin } from '../../core/api/circles'
import type { SavedProgress, SaveRequest } from '../../core/courses/course-progress.machine'
import { useApi } from '../common/use-api'
import { endpointRead } from '../common/use-read'

export function courseApi(http: HttpPort) {
  return {
    course: (id: number) => endpointRead(http, courseDetail, { params: { id } }),
    /** the progress machine's saving: the server's answer, or (for a reader who keeps none) the place as it is */
    saveProgress: (keeps: boolean) =>
      fromPromise<SavedProgress, SaveRequest>(async ({ input, signal }) => {
        if (!keeps) return { chapterId: input.chapterId, positionSeconds: input.positionSeconds, completed: false }
        const body = { chapterId: input.chapterId, positionSeconds: input.positionSeconds, ...(input.completed ? { completed: true } : {}) }
        const p = await http.call(courseProgress, { params: { id: input.courseId }, body }, { signal })
        return { chapterId: p.chapterId, positionSeconds: p.positionSeconds, completed: p.completed }
      }),
    join: (id: number) => http.call(momentJoin, { body: { momentId: id } }),
  }
}
export type CourseApi = ReturnType<typeof courseApi>

export const useCourseApi = () => useApi(courseApi)
