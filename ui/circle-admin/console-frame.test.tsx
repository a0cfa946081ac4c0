// @vitest-environment jsdom
// The console's frame (issue 29): the spec's sections in its left menu, the page's link marked, a guest
// asked to log in.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { loginInfoFixture } from '../../core/testing/login-info'
import { renderUi } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { ConsoleFrame } from './console-frame'

afterEach(cleanup)

describe('the console frame', () => {
  it('shows every section of the menu and marks the current page', () => {
    renderUi(
      <WithSession actor={testSession(loginInfoFixture({ id: 1, nick: '港股老周', advisoryCertification: { createTime: 1_700_000_000 } }))}>
        <ConsoleFrame title="编辑圈子">
          <p>表单</p>
        </ConsoleFrame>
      </WithSession>,
      { path: '/circle-admin/circle/circle-list/circle-edit/3' },
    )
    const nav = screen.getByRole('navigation', { name: '圈子管理' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(['圈子列表', '圈子用户', '社群列表', '社群概况', '社群用户', '课程列表', '课程内容', '课程用户', '直播专栏', '直播列表', '直播用户', '订单数据', '销售数据', '用户数据', '会员权益', '内容排序'])
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('圈子列表')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('编辑圈子')
    expect(document.title).toBe('编辑圈子 - 圈子管理 - 港美汇')
    expect(screen.queryByTestId('console-uncertified')).toBeNull()
  })

  it('asks a guest to log in instead', () => {
    renderUi(
      <WithSession actor={testSession()}>
        <ConsoleFrame title="圈子列表">
          <p>表单</p>
        </ConsoleFrame>
      </WithSession>,
    )
    expect(screen.getByTestId('not-logged-in')).toBeTruthy()
    expect(screen.queryByText('表单')).toBeNull()
  })
})

describe('a reader without an advisory certification', () => {
  it('is told the console is for advisers and circle admins, with the way to certify', () => {
    renderUi(
      <WithSession actor={testSession(loginInfoFixture({ id: 2, nick: '港漂投资日记', advisoryCertification: null }))}>
        <ConsoleFrame title="圈子列表">
          <p>表单</p>
        </ConsoleFrame>
      </WithSession>,
    )
    expect(screen.getByTestId('console-uncertified').textContent).toContain('圈子管理后台仅对已通过投顾认证的用户或圈子管理员开放')
    expect(screen.getByRole('link', { name: '去认证' }).getAttribute('href')).toBe('/chiefCircle/creator-certification')
  })
})
