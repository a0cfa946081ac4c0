// @vitest-environment jsdom
// The creator-certification pages (issue 27; spec 001 §2): the form of /chiefCircle/creator-certification/new
// with the form's messages, the identity-card upload with its progress, the check step and the sending;
// the result page (under review, rejected with a reason shown as text, XSS inert); the /audit index; the
// reviewer's queue for a reviewer and its refusal for a plain reader.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { identityCardUrl, type CertificateApplication, type ReviewItem } from '../../core/api/certification'
import type { UploadOptions } from '../../core/api/http-port'
import { CERTIFICATE_MESSAGES, REVIEWER_ROLE } from '../../core/certification/certificate-form'
import { UPLOAD_MESSAGES } from '../../core/validation/upload'
import { fakeHttp, makeServices, renderUi, type FakeHttp } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { App } from '../app'
import { loginInfoFixture } from '../../core/testing/login-info'
import { sampleApplication, sampleCertificateForm } from '../../core/testing/certificate-samples'

beforeAll(async () => {
  await Promise.all([import('./certification-pages'), import('../common/status-pages')])
}, 60_000)
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})
afterEach(cleanup)

const IMAGE_ID = `202611/${'b'.repeat(32)}.png`
const application = (over: Partial<CertificateApplication> = {}): CertificateApplication => sampleApplication(IMAGE_ID, identityCardUrl(IMAGE_ID), { id: 9, createTime: 1_710_468_000, ...over })

function renderApp(path: string, http: FakeHttp, roles: string[] = []) {
  const session = testSession(loginInfoFixture({ id: 5, roles: roles.map((type) => ({ type })) }))
  return renderUi(
    <WithSession actor={session}>
      <App />
    </WithSession>,
    { path, services: makeServices({ http }) },
  )
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })

describe('/chiefCircle/creator-certification/new', () => {
  it('checks the form with its messages, uploads the identity card with progress, shows the check step and sends it; then the result page', async () => {
    let mine: CertificateApplication | null = null
    let progress: ((p: { loaded: number; total: number }) => void) | undefined
    let finishUpload: (v: unknown) => void = () => undefined
    const http = fakeHttp({
      'certification.mine': () => mine,
      'certification.identityCardUpload': (_: unknown, options?: UploadOptions) => {
        progress = options?.onProgress
        return new Promise((resolve) => (finishUpload = resolve))
      },
      'certification.apply': (input: { body?: unknown } | undefined) => {
        mine = application({ ...(input?.body as object) })
        return mine
      },
    })
    renderApp('/chiefCircle/creator-certification/new', http)
    const next = await screen.findByTestId('cert-next')
    expect(screen.getByRole('heading', { name: '个人认证资料' })).toBeTruthy()

    fireEvent.click(next)
    const alerts = () => screen.getAllByRole('alert').map((a) => a.textContent)
    expect(alerts()).toEqual(expect.arrayContaining([CERTIFICATE_MESSAGES.realName, CERTIFICATE_MESSAGES.weixinId, CERTIFICATE_MESSAGES.idCardImage, CERTIFICATE_MESSAGES.siaqcNumber, CERTIFICATE_MESSAGES.email, CERTIFICATE_MESSAGES.personalProfile]))
    expect(screen.getByLabelText('真实姓名', { exact: false }).getAttribute('aria-invalid')).toBe('true')

    type('真实姓名', '王小明')
    type('微信号', 'wang_xm2024')
    type('证券从业资格证书编号', 's0260517090001')
    type('电子邮箱', 'wang@example.com')
    type('个人简介', '八年证券从业经验，专注港股科技板块研究。')
    expect(alerts()).toEqual([CERTIFICATE_MESSAGES.idCardImage])

    // a file that is not a picture is refused before anything is sent
    const input = document.getElementById('cert-image') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['x'], 'id.pdf', { type: 'application/pdf' })] } })
    expect(alerts()).toEqual([UPLOAD_MESSAGES.imageType])
    expect(http.callsTo('certification.identityCardUpload')).toHaveLength(0)

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2000)], 'id.png', { type: 'image/png' })] } })
    expect(http.callsTo('certification.identityCardUpload')).toHaveLength(1)
    await act(async () => progress?.({ loaded: 1000, total: 2000 }))
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50')
    expect(screen.getByText('上传中 50%')).toBeTruthy()
    await act(async () => finishUpload({ idCardImage: identityCardUrl(IMAGE_ID), imageId: IMAGE_ID }))
    expect(screen.getByTestId('cert-image-done').textContent).toBe('已上传')
    expect(screen.queryAllByRole('alert')).toEqual([])

    fireEvent.click(screen.getByTestId('cert-next'))
    expect(await screen.findByRole('heading', { name: '确认认证资料' })).toBeTruthy()
    expect(screen.getByText('S0260517090001')).toBeTruthy()
    fireEvent.click(screen.getByTestId('cert-submit'))
    await http.settled()
    expect(http.callsTo('certification.apply')[0]!.input).toEqual({
      body: sampleCertificateForm(IMAGE_ID, identityCardUrl(IMAGE_ID)),
    })
    const result = await screen.findByTestId('certification-result')
    expect(result.getAttribute('data-status')).toBe('reviewing')
    expect(within(result).getByRole('heading', { name: '认证申请已提交' })).toBeTruthy()
  })
})

describe('/chiefCircle/creator-certification/result', () => {
  it('a rejection shows its reason as text: an XSS reason stays inert', async () => {
    const reason = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>证书编号不符'
    const http = fakeHttp({ 'certification.mine': application({ status: 'failure', rejectReason: reason, reviewTime: 1_710_471_600, realName: '<b>王</b>' }) })
    renderApp('/chiefCircle/creator-certification/result', http)
    const result = await screen.findByTestId('certification-result')
    expect(result.getAttribute('data-status')).toBe('failure')
    expect(screen.getByTestId('certification-reason').textContent).toBe(`未通过原因：${reason}`)
    expect(result.querySelector('img, script, b')).toBeNull()
    expect((window as { __xss?: number }).__xss).toBeUndefined()
    expect(screen.getByTestId('certification-reapply').getAttribute('href')).toBe('/audit/failure')
  })
  it('under review: the result page offers to ask again', async () => {
    const http = fakeHttp({ 'certification.mine': application() })
    renderApp('/chiefCircle/creator-certification/result', http)
    const result = await screen.findByTestId('certification-result')
    expect(result.getAttribute('data-status')).toBe('reviewing')
    fireEvent.click(screen.getByTestId('certification-refresh'))
    await http.settled()
    expect(http.callsTo('certification.mine').length).toBeGreaterThanOrEqual(2)
  })
})

describe('/audit', () => {
  it('the index asks person or company; company asks the company’s name too, at /audit/company', async () => {
    const http = fakeHttp({ 'certification.mine': null })
    renderApp('/audit', http)
    fireEvent.click(await screen.findByTestId('audit-company'))
    expect(await screen.findByRole('heading', { name: '机构认证资料' })).toBeTruthy()
    expect(screen.getByLabelText('机构名称', { exact: false })).toBeTruthy()
  })
  it('an unknown child of /audit is the 404 page', async () => {
    renderApp('/audit/nonsense', fakeHttp())
    expect(await screen.findByText('404')).toBeTruthy()
  })
})

describe('/audit/reviewer', () => {
  const item: ReviewItem = { ...application({ id: 31, otherPlatformAccountName: '<svg onload=alert(1)>' }), user: { id: 77, nick: '投顾申请人老陈', avatar: '' } }
  it('a reviewer sees the queue and approves; a rejection needs a reason', async () => {
    const http = fakeHttp({
      'certification.reviewList': { list: [item], hasMore: false, total: 1, page: 1 },
      'certification.approve': { ...item, status: 'success' },
      'certification.reject': { ...item, status: 'failure' },
    })
    renderApp('/audit/reviewer', http, [REVIEWER_ROLE])
    const row = await screen.findByTestId('review-item')
    expect(within(row).getByText('投顾申请人老陈')).toBeTruthy()
    expect(within(row).getByText('<svg onload=alert(1)>')).toBeTruthy()
    expect(row.querySelector('svg')).toBeNull()
    fireEvent.click(within(row).getByTestId('review-reject'))
    fireEvent.click(within(row).getByTestId('review-confirm-reject'))
    expect(within(row).getByRole('alert').textContent).toBe(CERTIFICATE_MESSAGES.rejectReason)
    expect(http.callsTo('certification.reject')).toHaveLength(0)
    fireEvent.change(within(row).getByTestId('review-reason'), { target: { value: '证书编号与姓名不符' } })
    fireEvent.click(within(row).getByTestId('review-confirm-reject'))
    await http.settled()
    expect(http.callsTo('certification.reject')[0]!.input).toEqual({ params: { id: 31 }, body: { reason: '证书编号与姓名不符' } })
  })
  it('approving calls approve for that application', async () => {
    const http = fakeHttp({ 'certification.reviewList': { list: [item], hasMore: false, total: 1, page: 1 }, 'certification.approve': { ...item, status: 'success' } })
    renderApp('/audit/reviewer', http, [REVIEWER_ROLE])
    fireEvent.click(await screen.findByTestId('review-approve'))
    await http.settled()
    expect(http.callsTo('certification.approve')[0]!.input).toEqual({ params: { id: 31 } })
  })
  it('a plain reader is told only reviewers review, and nothing is read', async () => {
    const http = fakeHttp()
    renderApp('/audit/reviewer', http)
    expect((await screen.findByTestId('reviewer-refused')).textContent).toContain(CERTIFICATE_MESSAGES.notReviewer)
    expect(http.callsTo('certification.reviewList')).toEqual([])
  })
})
