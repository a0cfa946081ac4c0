// @vitest-environment jsdom
// Issue 25 (item 5): a hydration mismatch (React #418, a text node) on /news/{id} in the membership
// journey, seen once under load. The server renders every page as a guest (ui/server-entry.tsx); in the
// browser the session's login info is asked for before hydration starts, and a lazily loaded page (the
// news page) hydrates only when its chunk arrives. When the login info came first, the locked prompt
// hydrated as a signed-in reader (the buy button's text) against the server's guest text (登录). The
// session now reads as the server rendered it while hydrating, then redraws as it is: no mismatch,
// whichever arrives first.
import { act, cleanup, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loginInfoFixture } from '../../core/testing/login-info'
import { testSession, WithSession } from '../testing/session'
import { LockedPrompt } from '../content/locked-prompt'
import { useSession, type SessionActor } from './session'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

function Greeting() {
  const s = useSession()
  return <p data-testid="greeting">{s.user ? `你好，${s.user.nick}` : '请登录'}{s.checking ? '（检查中）' : ''}</p>
}

const page = (actor: SessionActor) => (
  <Router ssrPath="/news/13">
    <WithSession actor={actor}>
      <Greeting />
      <LockedPrompt kind="vip" />
    </WithSession>
  </Router>
)

describe('hydrating a served page when the login info arrived first', () => {
  it('hydrates the guest text the server sent without a mismatch, then shows the signed-in reader', async () => {
    const html = renderToString(page(testSession()))
    expect(html).toContain('请登录')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const errors: unknown[] = []
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args))
    // the login info is already in the browser's session when hydration starts
    const signedIn = testSession(loginInfoFixture({ id: 9, nick: '老股民' }))
    await act(async () => {
      hydrateRoot(container, page(signedIn), { onRecoverableError: (e) => void errors.push(e) })
    })
    consoleError.mockRestore()
    expect(errors).toEqual([])
    await waitFor(() => expect(container.querySelector('[data-testid="greeting"]')!.textContent).toBe('你好，老股民'))
    // the locked prompt too: no 登录 button for a signed-in reader once hydrated
    expect(container.querySelector('[data-testid="locked-prompt"]')!.textContent).not.toContain('登录')
  })
})
