// @vitest-environment jsdom
// The course page (issue 27): an outsider sees the free chapter and the buy button on a closed one; a
// member sees every chapter, the video at the course video URL opened at their saved place, the text as
// text (never HTML), and their place saved through PUT …/progress/v1 when they pause; a text chapter is
// marked read.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Course, CourseChapter } from '../../core/api/circle-extras'
import { BuyContext } from '../common/buy'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { CoursePage } from './course-page'

afterEach(cleanup)

const XSS = '<img src=x onerror=alert(1)>第二课正文'
const chapter = (id: number, over: Partial<CourseChapter> = {}): CourseChapter => ({
  id,
  title: `第${id}课`,
  free: false,
  open: true,
  content: `第${id}课正文`,
  pictureUrls: [],
  hasVideo: true,
  durationSeconds: 10,
  video: { url: `/media/course-video/${id}`, contentType: 'video/webm', durationSeconds: 10 },
  progress: null,
  ...over,
})
const access = (role: Course['access']['role'], canRead: boolean): Course['access'] => ({
  role,
  canRead,
  canPost: canRead,
  canAsk: canRead,
  canManage: role === 'owner',
  canJoin: !canRead,
  expireTimestamp: role === 'member' ? 1_800_000_000 : null,
  inputMessage: '',
})
const course = (over: Partial<Course>): Course => ({
  id: 9,
  name: '港股入门课',
  avatar: '',
  brief: '十分钟读懂港股',
  intro: '课程介绍第一行\n第二行',
  owner: { id: 1, nick: '港股老周', avatar: '', brief: '' },
  price: { goodsId: 50, specsId: 51, price: 19900, priceText: '¥199.00/年', months: 12 },
  access: access('member', true),
  chapters: [chapter(1, { free: true }), chapter(2, { content: XSS, progress: { chapterId: 2, positionSeconds: 4, completed: false, updateTimestamp: 1 } }), chapter(3, { hasVideo: false, video: null, durationSeconds: 0 })],
  completedCount: 0,
  resumeChapterId: 2,
  ...over,
})

function setup(answer: Course, signedIn: boolean) {
  const http = fakeHttp({
    'circle.course': answer,
    'circle.courseProgress': (i: { body: { chapterId: number; positionSeconds: number; completed?: boolean } }) => ({ ...i.body, completed: i.body.completed === true, updateTimestamp: 2 }),
  })
  const bought: number[] = []
  const session = testSession(signedIn ? { id: 7 } : undefined)
  const ui = (
    <WithSession actor={session}>
      <BuyContext.Provider value={(specsId) => bought.push(specsId)}>
        <CoursePage id={9} />
      </BuyContext.Provider>
    </WithSession>
  )
  return { ...renderUi(ui, { services: makeServices({ http }) }), http, bought }
}

const chapterButton = (name: RegExp) => screen.getAllByTestId('course-chapter').find((b) => name.test(b.textContent ?? ''))!

describe('CoursePage', () => {
  it('an outsider: the free chapter plays; a closed one says why and offers the buy button (the order dialog on its spec)', async () => {
    const closed = (c: CourseChapter): CourseChapter => ({ ...c, open: false, content: '', video: null, progress: null })
    const answer = course({ access: access('stranger', false), chapters: [chapter(1, { free: true }), closed(chapter(2)), closed(chapter(3, { hasVideo: false, video: null, durationSeconds: 0 }))], resumeChapterId: 1 })
    const { bought, http } = setup(answer, true)
    expect(await screen.findByRole('heading', { name: '港股入门课' })).toBeTruthy()
    expect(screen.queryByTestId('course-progress')).toBeNull()
    expect(screen.getByTestId('course-video').getAttribute('src')).toBe('/media/course-video/1')
    expect(within(chapterButton(/第1课/)).getByText('试看')).toBeTruthy()
    expect(within(chapterButton(/第2课/)).getByText('未解锁')).toBeTruthy()
    fireEvent.click(chapterButton(/第2课/))
    const locked = await screen.findByTestId('course-locked')
    expect(within(locked).getByText('购买课程后才能观看全部章节')).toBeTruthy()
    expect(screen.queryByTestId('course-video')).toBeNull()
    fireEvent.click(within(locked).getByRole('button', { name: '购买课程 ¥199.00/年' }))
    expect(bought).toEqual([51])
    // nobody's place is saved for a reader who keeps none
    fireEvent.click(chapterButton(/第1课/))
    fireEvent.pause(await screen.findByTestId('course-video'))
    await http.settled()
    expect(http.callsTo('circle.courseProgress')).toEqual([])
  })

  it('an expired member is offered renewal', async () => {
    setup(course({ access: access('expired', false), chapters: [chapter(1, { open: false, video: null, content: '' })], resumeChapterId: 1 }), true)
    expect(await screen.findByRole('button', { name: '续费 ¥199.00/年' })).toBeTruthy()
    expect(screen.getByText('您的课程已到期，续费后可继续观看')).toBeTruthy()
  })

  it('a member: opens at their chapter, text as text, the place saved on pause; a text chapter marked read', async () => {
    const { http } = setup(course({}), true)
    const video = (await screen.findByTestId('course-video')) as HTMLVideoElement
    expect(video.getAttribute('src')).toBe('/media/course-video/2')
    expect(chapterButton(/第2课/).getAttribute('aria-current')).toBe('true')
    expect(within(chapterButton(/第2课/)).getByText('学到 0:04')).toBeTruthy()
    const body = screen.getByTestId('course-chapter-body')
    expect(within(body).getByText(XSS)).toBeTruthy()
    expect(body.querySelector('img[src="x"]')).toBeNull()
    expect(screen.getByTestId('course-progress').textContent).toBe('已学完 0/3 章')
    // playing moves the place; pausing saves it
    fireEvent.play(video)
    Object.defineProperty(video, 'currentTime', { value: 6.2, configurable: true })
    fireEvent.timeUpdate(video)
    fireEvent.pause(video)
    await waitFor(() => expect(http.callsTo('circle.courseProgress')).toHaveLength(1))
    expect(http.callsTo('circle.courseProgress')[0]!.input).toEqual({ params: { id: 9 }, body: { chapterId: 2, positionSeconds: 6 } })
    // a chapter without video: 标记为已读
    fireEvent.click(chapterButton(/第3课/))
    fireEvent.click(await screen.findByRole('button', { name: '标记为已读' }))
    await waitFor(() => expect(screen.getByRole('button', { name: '已读' })).toBeTruthy())
    expect(http.callsTo('circle.courseProgress').at(-1)!.input).toEqual({ params: { id: 9 }, body: { chapterId: 3, positionSeconds: 0, completed: true } })
    expect(screen.getByTestId('course-progress').textContent).toBe('已学完 1/3 章')
  })

  it('a course that is not there', async () => {
    const http = fakeHttp({ 'circle.course': () => Promise.reject(Object.assign(new Error('课程不存在'), { statusCode: 404 })) })
    renderUi(<CoursePage id={9} />, { services: makeServices({ http }) })
    expect(await screen.findByText('课程不存在')).toBeTruthy()
  })
})
