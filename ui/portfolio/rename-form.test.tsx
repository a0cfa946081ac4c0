// @vitest-environment jsdom
// The rename form (issue 15): the name rules show as the owner types; the server's detect chars decides
// before anything is saved; a passing name goes to PUT /api/portfolio/{code}/v1 and the page is told.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { PORTFOLIO_MESSAGES as M } from '../../core/portfolio/rules'
import { RenameForm } from './rename-form'

afterEach(cleanup)

function setup() {
  const http = fakeHttp({
    'portfolio.detectChars': (input: { body: { name: string } }) =>
      input.body.name.includes('稳赚') ? { pass: false, message: M.nameForbidden } : { pass: true, message: '' },
    'portfolio.edit': true,
  })
  const onRenamed = vi.fn<() => void>()
  renderUi(<RenameForm code="81" name="港股科技" onRenamed={onRenamed} />, { services: makeServices({ http }) })
  return { http, onRenamed }
}

describe('RenameForm', () => {
  it('shows the length rule live and sends nothing while it is broken', async () => {
    const { http } = setup()
    fireEvent.click(screen.getByRole('button', { name: '改名' }))
    const box = screen.getByLabelText('组合名称') as HTMLInputElement
    expect(box.value).toBe('港股科技')
    fireEvent.change(box, { target: { value: '港' } })
    expect(screen.getByRole('alert').textContent).toBe(M.nameLength)
    const save = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    fireEvent.change(box, { target: { value: '港股科技二号' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(save.disabled).toBe(false)
    expect(http.calls).toEqual([])
  })

  it('a forbidden word: detect chars refuses, its message shows, the name is not saved', async () => {
    const { http, onRenamed } = setup()
    fireEvent.click(screen.getByRole('button', { name: '改名' }))
    fireEvent.change(screen.getByLabelText('组合名称'), { target: { value: '稳赚不赔组合' } })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(M.nameForbidden))
    await http.settled()
    expect(http.calls.map((c) => c.name)).toEqual(['portfolio.detectChars'])
    expect(onRenamed).not.toHaveBeenCalled()
  })

  it('a passing name: detect chars, then the edit endpoint with the trimmed name; the page is told and the form closes', async () => {
    const { http, onRenamed } = setup()
    fireEvent.click(screen.getByRole('button', { name: '改名' }))
    fireEvent.change(screen.getByLabelText('组合名称'), { target: { value: ' 港股科技二号 ' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })))
    await waitFor(() => expect(onRenamed).toHaveBeenCalledTimes(1))
    expect(http.calls).toEqual([
      { name: 'portfolio.detectChars', input: { body: { name: '港股科技二号' } } },
      { name: 'portfolio.edit', input: { params: { code: '81' }, body: { name: '港股科技二号' } } },
    ])
    expect(screen.queryByLabelText('组合名称')).toBeNull()
  })
})
