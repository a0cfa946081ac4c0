// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY } from '../../core/shell/chunk-reload'
import { createMemoryStore } from '../../core/storage/memory-store'
import type { KeyValueStore } from '../../core/storage/storage-port'
import { NOW_MS, renderUi } from '../testing/render'
import { ErrorBoundary } from './error-boundary'

// The error page renders for real unless a test asks it to throw (to reach the last-resort fallback).
const errorPage = vi.hoisted(() => ({ throws: false }))
vi.mock('../pages/error-page', async (importOriginal) => {
  const real = await importOriginal<typeof import('../pages/error-page')>()
  return {
    ...real,
    ErrorPage: (props: Parameters<typeof real.ErrorPage>[0]) => {
      if (errorPage.throws) throw new Error('error page broke')
      return <real.ErrorPage {...props} />
    },
  }
})

beforeEach(() => {
  errorPage.throws = false
  // React reports caught render errors on console.error; keep the output readable
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function Thrower({ error }: { error: unknown }): never {
  throw error
}

function renderBoundary(child: React.ReactNode, { store = createMemoryStore(), now = NOW_MS, resetKey = '/' }: { store?: KeyValueStore; now?: number; resetKey?: string } = {}) {
  const reload = vi.fn<() => void>()
  const view = renderUi(
    <ErrorBoundary store={store} reload={reload} now={() => now} resetKey={resetKey}>
      {child}
    </ErrorBoundary>,
  )
  return { ...view, reload, store }
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://www.example.com/assets/news-detail-page-3f2a1b.js')

describe('ErrorBoundary', () => {
  it('renders its children while nothing throws', () => {
    const { reload } = renderBoundary(<p>正常内容</p>)
    expect(screen.getByText('正常内容')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(reload).not.toHaveBeenCalled()
  })

  it('a child that throws shows the error page; 请刷新重试 calls reload', () => {
    const { reload } = renderBoundary(<Thrower error={Object.assign(new Error('行情服务不可用'), { statusCode: 503 })} />)
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('行情服务不可用')).toBeTruthy()
    expect(reload).not.toHaveBeenCalled()
    fireEvent.click(within(alert).getByRole('button', { name: '请刷新重试' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('never shows a program error’s developer message, only the generic text', () => {
    renderBoundary(<Thrower error={new TypeError('u is not a function')} />)
    const alert = screen.getByRole('alert')
    expect(within(alert).queryByText(/is not a function/)).toBeNull()
    expect(within(alert).getByText('抱歉，页面加载时出现了问题。')).toBeTruthy()
  })

  it('shows title and description when the error carries them', () => {
    renderBoundary(<Thrower error={{ title: '维护中', description: '系统升级，稍后再来' }} />)
    const alert = screen.getByRole('alert')
    expect(within(alert).getByRole('heading', { level: 1, name: '维护中' })).toBeTruthy()
    expect(within(alert).getByText('系统升级，稍后再来')).toBeTruthy()
    expect(within(alert).getByRole('button', { name: '请刷新重试' })).toBeTruthy()
  })

  it('a chunk-load error reloads the page once and stores the time', () => {
    const { reload, store } = renderBoundary(<Thrower error={chunkError()} />)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(store.get(CHUNK_RELOAD_KEY)).toBe(String(NOW_MS))
  })

  it('a second chunk-load error within 60 s does not reload but shows the error page', () => {
    const store = createMemoryStore({ [CHUNK_RELOAD_KEY]: String(NOW_MS - 59_000) })
    const { reload } = renderBoundary(<Thrower error={chunkError()} />, { store })
    expect(reload).not.toHaveBeenCalled()
    expect(store.get(CHUNK_RELOAD_KEY)).toBe(String(NOW_MS - 59_000))
    const alert = screen.getByRole('alert')
    expect(within(alert).getByRole('button', { name: '请刷新重试' })).toBeTruthy()
  })

  it('a chunk-load error 60 s or more after the last reload reloads again', () => {
    const store = createMemoryStore({ [CHUNK_RELOAD_KEY]: String(NOW_MS - 60_000) })
    const { reload } = renderBoundary(<Thrower error={chunkError()} />, { store })
    expect(reload).toHaveBeenCalledTimes(1)
    expect(store.get(CHUNK_RELOAD_KEY)).toBe(String(NOW_MS))
  })

  it('an ordinary error does not reload by itself', () => {
    const { reload, store } = renderBoundary(<Thrower error={new Error('boom')} />)
    expect(reload).not.toHaveBeenCalled()
    expect(store.get(CHUNK_RELOAD_KEY)).toBeNull()
  })

  it('a new resetKey (navigation) clears the error', () => {
    const store = createMemoryStore()
    const reload = vi.fn<() => void>()
    const { rerender } = renderUi(
      <ErrorBoundary store={store} reload={reload} now={() => NOW_MS} resetKey="/news/1">
        <Thrower error={new Error('boom')} />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toBeTruthy()
    rerender(
      <ErrorBoundary store={store} reload={reload} now={() => NOW_MS} resetKey="/live">
        <p>快讯页面</p>
      </ErrorBoundary>,
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('快讯页面')).toBeTruthy()
  })

  it('when the error page itself throws, a fixed fallback shows the details and a home link', () => {
    errorPage.throws = true
    renderBoundary(<Thrower error={new Error('原始错误')} />)
    const alert = screen.getByRole('alert')
    expect(within(alert).getByRole('heading', { name: '错误页面本身也出现了问题' })).toBeTruthy()
    const details = alert.querySelector('details')
    expect(details).not.toBeNull()
    expect(within(details!).getByText('详细信息')).toBeTruthy()
    expect(details!.textContent).toContain('Error: 原始错误')
    expect(details!.textContent).toContain('Error: error page broke')
    expect(within(alert).getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
  })
})
