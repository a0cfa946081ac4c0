// @vitest-environment jsdom
// Issue 16: the shared modal takes focus on open, keeps Tab inside, gives focus back on close, closes on
// Esc only when asked to, and says it is modal.
import { useState } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Modal } from './modal'

afterEach(cleanup)

function Harness({ escape }: { escape: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>open</button>
      <a href="/elsewhere">outside link</a>
      {open ? (
        <Modal label="登录" onEscape={escape ? () => setOpen(false) : undefined}>
          <input aria-label="phone" />
          <button type="button">send</button>
          <button type="button" onClick={() => setOpen(false)}>close</button>
        </Modal>
      ) : null}
    </>
  )
}

describe('Modal', () => {
  it('takes focus, traps Tab both ways, closes on Esc and returns focus to the opener', async () => {
    const user = userEvent.setup()
    render(<Harness escape />)
    await user.click(screen.getByText('open'))
    const dialog = screen.getByRole('dialog', { name: '登录' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('phone'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByText('send'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByText('close'))
    await user.tab() // wraps to the first
    expect(document.activeElement).toBe(screen.getByLabelText('phone'))
    await user.tab({ shift: true }) // and back to the last
    expect(document.activeElement).toBe(screen.getByText('close'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByText('open'))
  })

  it('brings Tab back inside when focus left for the page behind', async () => {
    const user = userEvent.setup()
    render(<Harness escape />)
    await user.click(screen.getByText('open'))
    screen.getByText('outside link').focus()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('phone'))
  })

  it('without onEscape stays open on Esc (the order dialog, spec 001 §2) and closes by its own button', async () => {
    const user = userEvent.setup()
    render(<Harness escape={false} />)
    await user.click(screen.getByText('open'))
    await user.keyboard('{Escape}')
    // the keydown has been handled synchronously: the dialog is still there
    expect(screen.getByRole('dialog', { name: '登录' })).toBeTruthy()
    await user.click(screen.getByText('close'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByText('open'))
  })
})
