// Toasts (spec 001 §9: shown 3000 ms, errors 5000 ms): a small store any machine action can push to, and
// the view that shows them at the top of the page. The duration comes with each toast (the machines name
// it: core/order/order-dialog.machine.ts TOAST_MS, ERROR_TOAST_MS).
import { useEffect, useSyncExternalStore } from 'react'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'
import { coreText } from '../i18n/i18n'

export interface ToastMessage {
  readonly type: 'error' | 'success' | 'info'
  readonly message: string
  readonly description?: string
  readonly durationMs: number
}
interface Shown extends ToastMessage {
  readonly id: number
}

export interface ToastStore {
  show(toast: ToastMessage): void
  dismiss(id: number): void
  list(): readonly Shown[]
  subscribe(listener: () => void): () => void
}

export function createToastStore(): ToastStore {
  let shown: readonly Shown[] = []
  let next = 1
  const listeners = new Set<() => void>()
  const set = (list: readonly Shown[]) => {
    shown = list
    for (const l of listeners) l()
  }
  return {
    show: (toast) => set([...shown, { ...toast, id: next++ }]),
    dismiss: (id) => set(shown.filter((t) => t.id !== id)),
    list: () => shown,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const stack = css`
  position: fixed;
  top: 72px;
  left: 50%;
  transform: translateX(-50%);
  z-index: 1100;
  display: flex;
  flex-direction: column;
  gap: 8px;
  pointer-events: none;
`
const item = css`
  min-width: 280px;
  max-width: 480px;
  padding: 10px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.card};
  box-shadow: 0 4px 16px ${tokens.shadow};
  border-left: 4px solid ${tokens.link};
  color: ${tokens.text};
  font-size: 14px;
  pointer-events: auto;
  &[data-type='error'] {
    border-left-color: ${tokens.brand};
  }
  &[data-type='success'] {
    border-left-color: ${tokens.success};
  }
  p {
    margin: 4px 0 0;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
`

function Toast({ toast, onDone }: { toast: Shown; onDone: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), toast.durationMs)
    return () => clearTimeout(timer)
  }, [toast, onDone])
  return (
    <div className={item} data-type={toast.type} role={toast.type === 'error' ? 'alert' : 'status'} data-testid="toast">
      <strong>{coreText(toast.message)}</strong>
      {toast.description ? <p>{toast.description}</p> : null}
    </div>
  )
}

export function Toaster({ store }: { store: ToastStore }) {
  const list = useSyncExternalStore(store.subscribe, store.list, store.list)
  return (
    <div className={stack}>
      {list.map((t) => (
        <Toast key={t.id} toast={t} onDone={store.dismiss} />
      ))}
    </div>
  )
}
