// @vitest-environment jsdom
// The member area's routes inside the app (issue 13): /member is the member home (no longer the
// coming-soon placeholder), /user/member is the reader's membership (not the user page of id 'member'),
// /member/attestation the attestation screens.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { App } from '../app'

beforeAll(async () => {
  await Promise.all([import('./member-area/member-pages'), import('./attestation/attestation-page'), import('../common/status-pages')])
}, 60_000)
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})
afterEach(cleanup)

const renderApp = (path: string) => renderUi(<App />, { path, services: makeServices({ http: fakeHttp({ 'purchase.goodsList': {} }) }) })

describe('member routes', () => {
  it('/member is the member home', async () => {
    renderApp('/member')
    expect(await screen.findByRole('heading', { level: 1, name: '港美汇会员' })).toBeTruthy()
    expect(await screen.findByText('暂无可开通的会员')).toBeTruthy()
  })
  it("/user/member is the reader's membership", async () => {
    renderApp('/user/member')
    expect(await screen.findByRole('heading', { level: 1, name: '我的会员' })).toBeTruthy()
    expect(await screen.findByTestId('not-logged-in')).toBeTruthy()
  })
  it('/member/attestation asks a guest to log in', async () => {
    renderApp('/member/attestation?step=1&redirect=%2Fmember')
    expect(await screen.findByRole('heading', { level: 1, name: '合格投资者认证' })).toBeTruthy()
    expect(await screen.findByTestId('not-logged-in')).toBeTruthy()
  })
})
