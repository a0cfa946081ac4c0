// @vitest-environment jsdom
// The column-author application (spec 000 §7 'Author application'): apply, see the status, edit.
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ColumnApplication } from '../../core/api/interaction'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { ColumnApplyPage } from './column-apply-page'

afterEach(cleanup)

const application = (over: Partial<ColumnApplication> = {}): ColumnApplication => ({
  id: 3, type: 'personal', name: '王小明', idCard: '110***********002X', articleLinks: ['www.hkex.com.hk/a'], countryCode: '86', phone: '13800001234', email: 'wang@example.com',
  enterpriseName: '', businessLicenseNum: '', businessLicensePicture: '', internetServiceLicensePicture: '', status: 'reviewing', reason: '', updateTimestamp: 1, ...over,
})

function render(answers: Record<string, FakeAnswer>) {
  const http = fakeHttp(answers)
  renderUi(<WithSession actor={testSession(loginInfoFixture({ id: 1, nick: '老股民' }))}><ColumnApplyPage /></WithSession>, { services: makeServices({ http }) })
  return http
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('the column-author application', () => {
  it('a first application: the form checks before sending (core rule), sends the code for binding, then shows the status', async () => {
    let applied = false
    const http = render({
      'columnApply.get': () => (applied ? application() : null),
      'sms.messageCode': true,
      'columnApply.apply': () => {
        applied = true
        return application()
      },
    })
    fill(await screen.findByLabelText('真实姓名').then(() => '真实姓名'), '王小明')
    fireEvent.click(screen.getByTestId('apply-submit'))
    expect((await screen.findByTestId('apply-message')).textContent).toBe('请填写正确的身份证号')
    fill('身份证号', '11010519491231002x')
    fill('代表作链接（每行一个，最多 5 个）', 'www.hkex.com.hk/a')
    fill('手机号', '13800001234')
    fireEvent.click(screen.getByTestId('apply-send-code'))
    expect((await screen.findByTestId('apply-message')).textContent).toBe('验证码已发送')
    expect(http.callsTo('sms.messageCode')[0]!.input?.body).toEqual({ countryCode: '86', phone: '13800001234', purpose: 'bind' })
    fill('短信验证码', '123456')
    fill('电子邮箱', 'wang@example.com')
    fireEvent.click(screen.getByTestId('apply-submit'))
    expect((await screen.findByTestId('apply-status')).textContent).toContain('申请状态：审核中')
    expect(http.callsTo('columnApply.apply')[0]!.input?.body).toMatchObject({ type: 'personal', idCard: '11010519491231002X', articleLinks: ['www.hkex.com.hk/a'] })
  })

  it('an enterprise needs its licence; a rejected application shows its reason and can be edited (PUT)', async () => {
    const http = render({ 'columnApply.get': application({ status: 'rejected', reason: '代表作不足' }), 'columnApply.edit': application() })
    expect((await screen.findByTestId('apply-status')).textContent).toContain('原因：代表作不足')
    fireEvent.click(screen.getByTestId('apply-edit'))
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).value).toBe('王小明')
    fireEvent.click(screen.getByRole('radio', { name: '企业' }))
    fill('身份证号', '11010519491231002X')
    fill('短信验证码', '654321')
    fireEvent.click(screen.getByTestId('apply-submit'))
    expect((await screen.findByTestId('apply-message')).textContent).toBe('请填写企业名称')
    fireEvent.click(screen.getByRole('radio', { name: '个人' }))
    fireEvent.click(screen.getByTestId('apply-submit'))
    await screen.findByText('申请已提交，请等待审核')
    expect(http.callsTo('columnApply.edit')[0]!.input?.params).toEqual({ id: 3 })
  })
})
