// zh-cn strings of a course (issue 27; a circle of type COURSE: its chapters, video and progress). Merged
// into zh-cn.ts; zh-hk is generated (npm run i18n:gen). The messages are core's
// (core/courses/limits.ts), shown through these keys so a zh-hk reader reads them converted.
import { COURSE_MESSAGES } from '../../core/courses/limits'

export const course = {
  pageTitle: '{{name}} - 课程',
  lecturer: '讲师',
  chapters: '课程目录',
  chapterCount: '共 {{n}} 章',
  progress: '已学完 {{done}}/{{total}} 章',
  free: '试看',
  locked: '未解锁',
  completed: '已学完',
  watchedTo: '学到 {{time}}',
  textChapter: '图文',
  markRead: '标记为已读',
  read: '已读',
  lockedTitle: '本章需购买课程后观看',
  lockedHint: COURSE_MESSAGES.joinFirst,
  expiredNote: '您的课程已到期，续费后可继续观看',
  buy: '购买课程 {{price}}',
  renew: '续费 {{price}}',
  join: '免费加入学习',
  joining: '加入中…',
  intro: '课程介绍',
  video: '{{title}}的视频',
  pictures: '{{title}}的配图',
  empty: '课程还没有章节',
  notFound: COURSE_MESSAGES.courseNotFound,
  validUntil: '有效期至 {{date}}',
} as const
