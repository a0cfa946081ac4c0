// @vitest-environment jsdom
// The header's post action and the discussion dialog (spec 000 §2, §5, §8, §9) on a fake HTTP port.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import type { UploadOptions } from '../../core/api/http-port'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { PostAction } from './post-action'

beforeAll(async () => {
  await import('./discussion-dialog')
  URL.createObjectURL = ((f: File) => `blob:${f.name}`) as typeof URL.createObjectURL
}, 60_000)
afterEach(cleanup)

const published = { id: 9, kind: 'discussion', status: 'reviewing', title: '', content: 'x', html: '', createTimestamp: 1 }
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' })

function open(answers: Record<string, FakeAnswer>, signedIn = true) {
  const http = fakeHttp({ 'topics.hot': [{ topicId: 3, topicName: '美股财报', readCount: 1, brief: '', postCount: 1 }], 'riskTip.list': [], ...answers })
  const session = signedIn ? testSession({ id: 1 }) : testSession()
  const r = renderUi(
    <WithSession actor={session}>
      <PostAction />
    </WithSession>,
    { services: makeServices({ http }) },
  )
  fireEvent.click(screen.getByRole('button', { name: '发布' }))
  fireEvent.click(screen.getByRole('menuitem', { name: '发讨论' }))
  return { ...r, http, session }
}

describe('the discussion dialog', () => {
  it('a guest gets the login dialog, not the discussion dialog', async () => {
    const { session } = open({}, false)
    await waitFor(() => expect(session.getSnapshot().context.login).not.toBeNull())
    expect(screen.queryByTestId('discussion-dialog')).toBeNull()
  })

  it('is named 发讨论 and sends text, topic and stock with 已发布 / 内容审核中 on 200', async () => {
    const { http } = open({
      'search.stock': { list: [{ id: 'HK00700', code: '00700', codeDisp: '00700', ipoStatus: 1, market: 'hk', name: '腾讯控股', nameDisp: '腾讯控股', category: '' }] },
      'dynamic.publish': published,
    })
    const dialog = await screen.findByRole('dialog', { name: '发讨论' })
    const send = within(dialog).getByTestId('post-send') as HTMLButtonElement
    expect(send.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('正文'), { target: { value: '第一行\n<b>第二行</b>' } })
    expect(send.disabled).toBe(false)
    await screen.findByRole('option', { name: '#美股财报#' })
    fireEvent.change(within(dialog).getByLabelText('话题'), { target: { value: '3' } })
    fireEvent.change(within(dialog).getByLabelText('股票'), { target: { value: '腾讯' } })
    fireEvent.click(await within(dialog).findByRole('button', { name: /腾讯控股/ }, { timeout: 2_000 }))
    expect(within(dialog).getByTestId('stock-chip').textContent).toContain('$腾讯控股$')
    fireEvent.click(send)
    expect(await screen.findByTestId('published')).toBeTruthy()
    expect(screen.getByTestId('published').innerHTML).toBe('已发布<br>内容审核中')
    expect(http.callsTo('dynamic.publish').map((c) => c.input?.body)).toEqual([
      { topicId: 3, content: '第一行<br>&lt;b&gt;第二行&lt;/b&gt;', pictureUrls: [], refContents: ['hk00700'], riskTipId: null },
    ])
    fireEvent.click(screen.getByRole('button', { name: '我知道了' }))
    await waitFor(() => expect(screen.queryByTestId('discussion-dialog')).toBeNull())
  })

  it('shows the server message in 温馨提示 when publishing is refused, keeping the draft', async () => {
    open({ 'dynamic.publish': () => Promise.reject(new ApiError({ statusCode: 417, message: '内容包含违规信息，请修改后再发布' })) })
    const dialog = await screen.findByRole('dialog', { name: '发讨论' })
    fireEvent.change(within(dialog).getByLabelText('正文'), { target: { value: '违规' } })
    fireEvent.click(within(dialog).getByTestId('post-send'))
    const notice = await screen.findByRole('alertdialog', { name: '温馨提示' })
    expect(within(notice).getByText('内容包含违规信息，请修改后再发布')).toBeTruthy()
    fireEvent.click(within(notice).getByRole('button', { name: '我知道了' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect((within(dialog).getByLabelText('正文') as HTMLTextAreaElement).value).toBe('违规')
  })

  it('asks for a risk category first when there are some; confirm is disabled until one is chosen', async () => {
    const { http } = open({ 'riskTip.list': [{ id: 4, name: '个股分析', summary: '' }], 'dynamic.publish': published })
    const dialog = await screen.findByRole('dialog', { name: '发讨论' })
    fireEvent.change(within(dialog).getByLabelText('正文'), { target: { value: '看多' } })
    await waitFor(() => expect(http.callsTo('riskTip.list')).toHaveLength(1))
    await http.settled()
    fireEvent.click(within(dialog).getByTestId('post-send'))
    const risk = await screen.findByRole('alertdialog', { name: '请选择风险类别' })
    const confirm = within(risk).getByRole('button', { name: '确定' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    fireEvent.click(within(risk).getByRole('radio', { name: '个股分析' }))
    expect(confirm.disabled).toBe(false)
    fireEvent.click(confirm)
    await screen.findByTestId('published')
    expect((http.callsTo('dynamic.publish')[0]!.input?.body as { riskTipId: number }).riskTipId).toBe(4)
  })

  it('uploads picked images with a progress bar; cancel aborts; at most 9 (the 10th is refused in 温馨提示)', async () => {
    const signals: AbortSignal[] = []
    const progress: Array<(p: { loaded: number; total: number }) => void> = []
    const answers: Array<(v: unknown) => void> = []
    open({
      'upload.dynamicPicture': (_input: unknown, o?: UploadOptions) =>
        new Promise((resolve) => {
          signals.push(o!.signal!)
          progress.push(o!.onProgress!)
          answers.push(resolve)
        }),
      'dynamic.publish': published,
    })
    const dialog = await screen.findByRole('dialog', { name: '发讨论' })
    fireEvent.change(within(dialog).getByTestId('image-input'), { target: { files: [png('a.png'), png('b.png'), png('c.png')] } })
    expect(within(dialog).getAllByTestId('draft-image')).toHaveLength(3)
    expect(within(dialog).getByRole('img', { name: 'a.png' }).getAttribute('src')).toBe('blob:a.png')
    act(() => progress[0]!({ loaded: 2, total: 4 }))
    expect((within(dialog).getByRole('progressbar', { name: 'a.png 上传进度' }) as HTMLProgressElement).value).toBe(50)
    fireEvent.click(within(dialog).getByRole('button', { name: '取消上传 b.png' }))
    expect(signals[1]!.aborted).toBe(true)
    expect(within(dialog).getAllByTestId('draft-image')).toHaveLength(2)
    act(() => {
      answers[0]!({ list: [{ url: '/file/a.png', name: 'a.png', extension: 'png', size: 4, kind: 'image' }] })
      answers[2]!({ list: [{ url: '/file/c.png', name: 'c.png', extension: 'png', size: 4, kind: 'image' }] })
    })
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull())
    fireEvent.change(within(dialog).getByTestId('image-input'), { target: { files: Array.from({ length: 8 }, (_, i) => png(`${i}.png`)) } })
    expect(await screen.findByRole('alertdialog', { name: '温馨提示' })).toBeTruthy()
    expect(screen.getByText('最多只能上传9张图片')).toBeTruthy()
  })
})
