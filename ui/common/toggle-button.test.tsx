// @vitest-environment jsdom
// The one toggle button: a guest gets the login dialog and nothing is saved; a signed-in reader sees
// the new state at once; a failure rolls back with the server's message; success updates the
// session's follow set.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderUi } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { ToggleButton } from './toggle-button'

afterEach(cleanup)

function setup(session = testSession({ id: 7 })) {
  const pending: Array<{ on: boolean; resolve: () => void; reject: (e: unknown) => void }> = []
  const save = (on: boolean) => new Promise<{ on: boolean }>((resolve, reject) => pending.push({ on, resolve: () => resolve({ on }), reject }))
  renderUi(
    <WithSession actor={session}>
      <ToggleButton on={false} save={save} member={{ set: 'users', id: 42 }} label={(on) => (on ? '已关注' : '关注')} className={() => 'b'} testId="t" />
    </WithSession>,
  )
  return { session, pending, button: () => screen.getByTestId('t') as HTMLButtonElement }
}

describe('ToggleButton', () => {
  it('shows the new state at once, disabled while saving; success adds to the session follow set', async () => {
    const { session, pending, button } = setup()
    fireEvent.click(button())
    await waitFor(() => expect(pending).toHaveLength(1))
    expect(button().textContent).toBe('已关注')
    expect(button().disabled).toBe(true)
    await act(async () => pending[0]!.resolve())
    expect(button().getAttribute('aria-pressed')).toBe('true')
    expect(session.getSnapshot().context.userIds).toContain(42)
  })

  it('a failed save rolls back and shows the server message', async () => {
    const { session, pending, button } = setup()
    fireEvent.click(button())
    await waitFor(() => expect(pending).toHaveLength(1))
    await act(async () => pending[0]!.reject({ statusCode: 400, message: '不能关注自己' }))
    expect(button().textContent).toBe('关注')
    expect(screen.getByRole('alert').textContent).toBe('不能关注自己')
    expect(session.getSnapshot().context.userIds).not.toContain(42)
  })

  it('a guest is asked to log in (the session opens the dialog) and nothing is saved', async () => {
    const { session, pending, button } = setup(testSession())
    fireEvent.click(button())
    await waitFor(() => expect(session.getSnapshot().context.login).toEqual({}))
    act(() => session.send({ type: 'login.close' }))
    await waitFor(() => expect(button().disabled).toBe(false))
    expect(pending).toHaveLength(0)
    expect(button().textContent).toBe('关注')
  })
})
