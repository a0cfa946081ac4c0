// @vitest-environment jsdom
// The console's course pages (issue 29; spec 001 §2 course/list (add, edit), course/content (add, edit),
// course/user-list): the list of the reader's courses (circles of type COURSE) searches and pages; the
// course form fixes the type and names what is missing; the content page lists a course's chapters and
// removes one; the chapter form names what is missing, shows the video's upload percentage, retries a
// failed upload, saves with the video's key and goes back to the chapters; the learners page filters.
import type { ReactElement } from 'react'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CIRCLE_ADMIN_MESSAGES, formMessages } from '../../../core/circle-admin/circles'
import { COURSE_FORM_MESSAGES } from '../../../core/circle-admin/course-form'
import type { UploadOptions } from '../../../core/api/http-port'
import { adminCircle, renderForAdviser } from '../../testing/adviser'
import { CourseListPage } from './course-list-page'
import { CourseFormPage } from './course-form-page'
import { ContentPage } from './content-page'
import { ChapterAddPage, ChapterEditPage } from './chapter-form-page'
import { CourseUsersPage } from './users-page'

afterEach(cleanup)

const adviser = { id: 9, nick: '港股老周' }
const course = adminCircle(adviser, { id: 21, type: 'COURSE', name: '港股估值入门课', brief: '从市盈率讲起', minPrice: 9_900, memberCount: 5, adminCount: 0 })
const owner = course.owner
const chapter = {
  id: 301,
  courseId: 21,
  title: '第一课 市盈率',
  sort: 1,
  free: true,
  content: '正文',
  pictureUrls: [],
  video: { key: '202611/0123456789abcdef0123456789abcdef.webm', url: '/media/course-video/301', contentType: 'video/webm', durationSeconds: 605 },
  createTimestamp: 1_790_000_100,
}
const courses = { 'circleAdmin.circles': { list: [course], hasMore: false, total: 1, page: 1 } }

const show = (ui: ReactElement, answers: Record<string, unknown>, path = '/circle-admin/course/list') => renderForAdviser(ui, { answers, path, adviser })

describe('course/list', () => {
  it('lists only courses, with status, price and learners; searches and pages, each a new call', async () => {
    const { http } = show(<CourseListPage />, { 'circleAdmin.circles': (input: { query: { page: number } }) => ({ list: [{ ...course, id: input.query.page }], hasMore: true, total: 12, page: input.query.page }) })
    const row = await screen.findByTestId('course-row')
    expect(row.textContent).toContain('港股估值入门课')
    expect(row.textContent).toContain('已通过')
    expect(row.textContent).toContain('¥99 起')
    expect(within(row).getByTestId('course-content').getAttribute('href')).toBe('/circle-admin/course/content?courseId=1')
    expect(http.callsTo('circleAdmin.circles')[0]!.input).toEqual({ query: { page: 1, count: 10, type: 'COURSE', keyword: undefined } })
    fireEvent.change(screen.getByTestId('course-search'), { target: { value: ' 估值 ' } })
    fireEvent.submit(screen.getByRole('search'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circles').at(-1)!.input).toEqual({ query: { page: 1, count: 10, type: 'COURSE', keyword: '估值' } }))
    fireEvent.click(within(await screen.findByTestId('console-pager')).getByText('下一页'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circles').at(-1)!.input).toEqual({ query: { page: 2, count: 10, type: 'COURSE', keyword: '估值' } }))
  })
})

describe('course/list/add and edit', () => {
  it('a new course is a circle of type COURSE: what is missing shows first, then it is sent for review', async () => {
    const { http, location } = show(
      <CourseFormPage id={null} />,
      { 'upload.postImage': { list: [{ url: '/file/202611/cover.png' }] }, 'circleAdmin.circleCreate': { ...course, intro: '介绍', specs: [], id: 22, reviewStatus: 'reviewing' } },
      '/circle-admin/course/list/add',
    )
    fireEvent.click(await screen.findByTestId('course-form-submit'))
    // a course's messages name it 课程 (请输入课程名称), not 圈子
    const M = formMessages('COURSE')
    for (const m of [M.nameRequired, M.briefRequired, M.introRequired, M.avatarRequired]) expect(await screen.findByText(m)).toBeTruthy()
    expect(screen.getByText('请输入课程名称')).toBeTruthy()
    expect(screen.queryByText(CIRCLE_ADMIN_MESSAGES.nameRequired)).toBeNull()
    expect(screen.queryByText(M.typeRequired)).toBeNull()
    expect(http.callsTo('circleAdmin.circleCreate')).toEqual([])
    fireEvent.change(screen.getByTestId('course-form-name'), { target: { value: '港股估值入门课' } })
    fireEvent.change(screen.getByTestId('course-form-brief'), { target: { value: '从市盈率讲起' } })
    fireEvent.change(screen.getByTestId('course-form-intro'), { target: { value: '十节课讲透估值' } })
    fireEvent.change(screen.getByTestId('course-form-cover'), { target: { files: [new File(['x'], 'cover.png', { type: 'image/png' })] } })
    await screen.findByTestId('course-form-cover-preview')
    fireEvent.click(screen.getByTestId('course-form-paid'))
    fireEvent.change(await screen.findByTestId('course-form-price-0'), { target: { value: '99.5' } })
    fireEvent.click(screen.getByTestId('course-form-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circleCreate')).toHaveLength(1))
    expect(http.callsTo('circleAdmin.circleCreate')[0]!.input).toEqual({
      body: { type: 'COURSE', name: '港股估值入门课', brief: '从市盈率讲起', intro: '十节课讲透估值', avatar: '/file/202611/cover.png', paid: true, specs: [{ months: 12, price: 9_950 }] },
    })
    await waitFor(() => expect(location.history.at(-1)).toBe('/circle-admin/course/list'))
  })

  it('an edit of a circle that is not a course is not found here', async () => {
    show(<CourseFormPage id={4} />, { 'circleAdmin.circleDetail': { ...course, id: 4, type: 'FINANCIAL_CIRCLE', intro: '', specs: [] } }, '/circle-admin/course/list/edit/4')
    expect((await screen.findAllByText(/页面不存在|找不到/)).length).toBeGreaterThan(0)
    expect(screen.queryByTestId('course-form')).toBeNull()
  })
})

describe('course/content', () => {
  it('lists the chosen course’s chapters in order with free preview and video length; removing asks first', async () => {
    const { http } = show(
      <ContentPage />,
      { ...courses, 'circleAdmin.chapterList': { list: [chapter, { ...chapter, id: 302, sort: 2, title: '第二课', free: false, video: null }], hasMore: false, total: 2, page: 1 }, 'circleAdmin.chapterDelete': true },
      '/circle-admin/course/content?courseId=21',
    )
    const rows = await screen.findAllByTestId('chapter-row')
    expect(rows[0]!.textContent).toContain('第一课 市盈率')
    expect(rows[0]!.textContent).toContain('试看')
    expect(rows[0]!.textContent).toContain('10:05')
    expect(rows[1]!.textContent).toContain('无视频')
    expect(http.callsTo('circleAdmin.chapterList')[0]!.input).toEqual({ params: { id: 21 }, query: { page: 1, count: 20, keyword: undefined } })
    expect(screen.getByTestId('chapter-add').getAttribute('href')).toBe('/circle-admin/course/content/add?courseId=21')
    fireEvent.click(within(rows[1]!).getByTestId('chapter-remove'))
    fireEvent.click(await screen.findByTestId('chapter-remove-confirm'))
    await waitFor(() => expect(http.callsTo('circleAdmin.chapterDelete')).toEqual([{ name: 'circleAdmin.chapterDelete', input: { params: { chapterId: 302 } } }]))
  })
})

describe('course/content/add and edit: the chapter form and its video upload', () => {
  it('names what is missing; the video shows its percentage, fails, is retried, and the chapter is saved with its key', async () => {
    let progress: UploadOptions['onProgress']
    let finish: (v: unknown) => void = () => undefined
    let fail: (e: unknown) => void = () => undefined
    const { http, location } = show(
      <ChapterAddPage />,
      {
        ...courses,
        'circleAdmin.courseVideo': (_input: unknown, options?: UploadOptions) => {
          progress = options?.onProgress
          return new Promise((resolve, reject) => {
            finish = resolve
            fail = reject
          })
        },
        'circleAdmin.chapterCreate': { ...chapter, id: 303 },
      },
      '/circle-admin/course/content/add?courseId=21',
    )
    fireEvent.change(await screen.findByTestId('chapter-form-title'), { target: { value: ' ' } })
    fireEvent.change(screen.getByTestId('chapter-form-sort'), { target: { value: '0' } })
    fireEvent.click(screen.getByTestId('chapter-form-submit'))
    expect(await screen.findByText(COURSE_FORM_MESSAGES.titleRequired)).toBeTruthy()
    expect(screen.getByText(COURSE_FORM_MESSAGES.sortInvalid)).toBeTruthy()

    // a file that is not a video is refused before anything is sent
    fireEvent.change(screen.getByTestId('chapter-form-video'), { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } })
    expect((await screen.findByTestId('chapter-video-error')).textContent).toBe(COURSE_FORM_MESSAGES.videoType)
    expect(http.callsTo('circleAdmin.courseVideo')).toEqual([])

    const file = new File([new Uint8Array(1000)], '第二课.webm', { type: 'video/webm' })
    fireEvent.change(screen.getByTestId('chapter-form-video'), { target: { files: [file] } })
    await waitFor(() => expect(http.callsTo('circleAdmin.courseVideo')).toHaveLength(1))
    expect(http.callsTo('circleAdmin.courseVideo')[0]!.input).toMatchObject({ query: { courseId: 21 } })
    act(() => progress?.({ loaded: 420, total: 1000 }))
    expect(screen.getByTestId('chapter-video-progress').textContent).toBe('上传中 42%')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42')
    // saving while it uploads is refused with why
    fireEvent.change(screen.getByTestId('chapter-form-title'), { target: { value: '第二课 市净率' } })
    fireEvent.change(screen.getByTestId('chapter-form-sort'), { target: { value: '2' } })
    fireEvent.click(screen.getByTestId('chapter-form-submit'))
    expect(await screen.findByText(COURSE_FORM_MESSAGES.videoUploading)).toBeTruthy()

    await act(async () => fail({ statusCode: 400, message: '仅支持 mp4、webm 格式的视频' }))
    expect((await screen.findByTestId('chapter-video-error')).textContent).toBe('仅支持 mp4、webm 格式的视频')
    fireEvent.click(screen.getByTestId('chapter-video-retry'))
    await waitFor(() => expect(http.callsTo('circleAdmin.courseVideo')).toHaveLength(2))
    await act(async () => finish({ key: '202611/fedcba9876543210fedcba9876543210.webm', contentType: 'video/webm', size: 1000, name: '第二课.webm' }))
    expect((await screen.findByTestId('chapter-video-done')).textContent).toContain('第二课.webm')

    fireEvent.click(screen.getByTestId('chapter-form-free'))
    fireEvent.change(screen.getByTestId('chapter-form-content'), { target: { value: '市净率\n第二行' } })
    fireEvent.click(screen.getByTestId('chapter-form-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.chapterCreate')).toHaveLength(1))
    expect(http.callsTo('circleAdmin.chapterCreate')[0]!.input).toEqual({
      params: { id: 21 },
      body: { title: '第二课 市净率', sort: 2, free: true, content: '市净率\n第二行', video: { key: '202611/fedcba9876543210fedcba9876543210.webm', durationSeconds: 0 } },
    })
    await waitFor(() => expect(location.history.at(-1)).toBe('/circle-admin/course/content?courseId=21'))
  })

  it('an edit shows the chapter with its current video, and a refusal from the server stays on the form', async () => {
    const { http } = show(<ChapterEditPage id={301} />, { 'circleAdmin.chapterDetail': chapter, 'circleAdmin.chapterEdit': () => Promise.reject({ statusCode: 403, message: '无权管理该圈子' }) }, '/circle-admin/course/content/edit/301')
    expect(((await screen.findByTestId('chapter-form-title')) as HTMLInputElement).value).toBe('第一课 市盈率')
    expect(screen.getByTestId('chapter-video-player').getAttribute('src')).toBe('/media/course-video/301')
    expect(screen.getByText('当前视频（10:05）')).toBeTruthy()
    fireEvent.click(screen.getByTestId('chapter-form-submit'))
    expect((await screen.findByTestId('chapter-form-message')).textContent).toBe('无权管理该圈子')
    expect(http.callsTo('circleAdmin.chapterEdit')[0]!.input).toEqual({
      params: { chapterId: 301 },
      body: { title: '第一课 市盈率', sort: 1, free: true, content: '正文', video: { key: chapter.video.key, durationSeconds: 605 } },
    })
  })
})

describe('course/user-list', () => {
  it('lists the learners with purchase time and expiry (not the owner), filters by status', async () => {
    const people = [
      { user: owner, role: 'owner', joinTimestamp: 1_790_000_000, expireTimestamp: null },
      { user: { id: 31, nick: '学员小林', avatar: '', brief: '' }, role: 'member', joinTimestamp: 1_790_000_500, expireTimestamp: 1_821_536_500 },
      { user: { id: 32, nick: '学员老陈', avatar: '', brief: '' }, role: 'expired', joinTimestamp: 1_760_000_000, expireTimestamp: 1_780_000_000 },
    ]
    const { http } = show(<CourseUsersPage />, { ...courses, 'circleAdmin.circleUsers': { list: people, hasMore: false, total: 3, page: 1 } }, '/circle-admin/course/user-list?courseId=21')
    const rows = await screen.findAllByTestId('course-user-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('学员小林')
    expect(rows[0]!.textContent).toContain('有效')
    expect(rows[1]!.textContent).toContain('已到期')
    fireEvent.click(within(screen.getByTestId('course-user-status')).getByLabelText('已到期'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circleUsers').at(-1)!.input).toEqual({ params: { id: 21 }, query: { page: 1, count: 20, role: 'expired', keyword: undefined } }))
  })
})
