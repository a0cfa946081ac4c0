// The one modal dialog of the site (issue 16, WAI-ARIA dialog pattern): it takes focus when it opens, keeps
// Tab and Shift+Tab inside, gives focus back to what had it when it closes, and says it is modal
// (aria-modal). Esc closes it only when the caller passes `onEscape`: the login dialog does, the order
// dialog does not (spec 001 §2: it closes only by its own buttons).
//
// The focus trap is written by hand rather than taken from focus-trap-react: what we need is ~40 lines
// (first/last tabbable, wrap around, restore), and the library brings two packages and a global stack
// of traps for nested cases we do not have.
import { useEffect, useRef, type ReactNode } from 'react'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

const backdrop = css`
  position: fixed;
  inset: 0;
  background: ${tokens.overlay};
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
`

/** What Tab can reach: enabled, not hidden, not taken out of the order with tabindex=-1. */
const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',')

export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && !el.closest('[hidden],[inert]'))
}

export interface ModalProps {
  /** the dialog's accessible name (or use `labelledBy`) */
  label?: string
  labelledBy?: string
  /** Esc closes the dialog when given; leave it out for a dialog that must not close on Esc */
  onEscape?: () => void
  /** the panel's class (size, padding); the backdrop is shared */
  className?: string
  testId?: string
  children: ReactNode
}

export function Modal({ label, labelledBy, onEscape, className, testId, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null)
  // the key listener below is added once; it calls the newest onEscape (kept by an effect, not during render)
  const escape = useRef(onEscape)
  useEffect(() => {
    escape.current = onEscape
  }, [onEscape])

  // focus in on open, back out on close (to the control that opened it, if it is still on the page)
  useEffect(() => {
    const node = panel.current
    if (!node) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const autofocus = node.querySelector<HTMLElement>('[autofocus],[data-autofocus]')
    ;(autofocus ?? tabbables(node)[0] ?? node).focus()
    return () => {
      if (opener && opener.isConnected) opener.focus()
    }
  }, [])

  // Tab and Esc are read on the document, so they work even when a click on the backdrop left focus
  // on <body>: Tab from outside comes back to the first control
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const node = panel.current
      if (!node) return
      if (e.key === 'Escape') {
        if (escape.current) {
          e.stopPropagation()
          escape.current()
        }
        return
      }
      if (e.key !== 'Tab') return
      const list = tabbables(node)
      const first = list[0]
      const last = list[list.length - 1]
      const active = document.activeElement
      if (!first || !last) {
        e.preventDefault()
        node.focus()
      } else if (!(active instanceof Node) || !node.contains(active)) {
        e.preventDefault()
        first.focus()
      } else if (e.shiftKey && (active === first || active === node)) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && active === last) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <div className={backdrop}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={className}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  )
}
