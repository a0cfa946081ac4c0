// spec 000 §2 'Error page' and §4: the error page shows title and description (or just a
// message) with a refresh button 请刷新重试; if the error page itself fails, a message says so,
// with details and a link home. A chunk-load failure reloads the page, at most once per 60 s.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { CHUNK_RELOAD_KEY, isChunkLoadError, shouldReloadForChunkError } from '../../core/shell/chunk-reload'
import type { KeyValueStore } from '../../core/storage/storage-port'
import { ErrorPage } from '../pages/error-page'

interface Props {
  children: ReactNode
  store: KeyValueStore
  reload: () => void
  now: () => number
  /** changes on navigation, so a fresh page gets a fresh chance */
  resetKey: string
}

export class ErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) {
      const now = this.props.now()
      if (shouldReloadForChunkError(this.props.store.get(CHUNK_RELOAD_KEY), now)) {
        this.props.store.set(CHUNK_RELOAD_KEY, String(now))
        this.props.reload()
        return
      }
    }
    console.error(error, info.componentStack)
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <ErrorPageGuard error={this.state.error}>
        <ErrorPage error={this.state.error} onRefresh={this.props.reload} />
      </ErrorPageGuard>
    )
  }
}

/** Catches a failure of the error page itself. Its text is fixed: i18n may be what broke. */
class ErrorPageGuard extends Component<{ error: unknown; children: ReactNode }, { failed: unknown }> {
  override state = { failed: null as unknown }
  static getDerivedStateFromError(failed: unknown) {
    return { failed }
  }
  override render() {
    if (this.state.failed === null) return this.props.children
    const detail = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e))
    return (
      <div role="alert" style={{ maxWidth: 640, margin: '80px auto', padding: 24, fontFamily: 'sans-serif' }}>
        <h1 style={{ fontSize: 20 }}>错误页面本身也出现了问题</h1>
        <details open>
          <summary>详细信息</summary>
          <pre style={{ whiteSpace: 'pre-wrap' }}>{`${detail(this.props.error)}\n${detail(this.state.failed)}`}</pre>
        </details>
        <a href="/">返回首页</a>
      </div>
    )
  }
}
