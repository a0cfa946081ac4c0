// Test helper for view tests: a fake HttpPort that answers by endpoint name, services built from
// it and an in-memory store, and a render under ServicesProvider + a wouter memory router.
// Data builders give values shaped by core/api/content.ts.
//
// Styles: @linaria/core's `css` returns a placeholder class name when NODE_ENV is 'test' (vitest
// sets it), so components using linaria render under vitest without the wyw transform or a mock.
import type { ReactElement, ReactNode } from 'react'
import { render } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { vi } from 'vitest'
import type { HttpPort, UploadInput, UploadOptions } from '../../core/api/http-port'
import type { Endpoint } from '../../core/api/endpoint'
import { ApiError } from '../../core/api/api-error'
import type { ArticleDetail, ArticleSummary, Channel, LiveFlash, SiteConfig } from '../../core/api/content'
import { createMemoryStore } from '../../core/storage/memory-store'
import type { KeyValueStore } from '../../core/storage/storage-port'
import { ServicesProvider, type Services } from '../services'
import { createPriceColours } from '../styles/price-colours'
import { initI18n } from '../i18n/i18n'

// Strings come from i18next: initialise once per test file, before anything renders.
await initI18n('zh-cn')

/** One answer of the fake: a value (resolved), or a function of the call input (may throw or reject). */
export type FakeAnswer = unknown | ((input: CallRecord['input'], options?: UploadOptions) => unknown)

export interface CallRecord {
  name: string
  input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: UploadInput<Endpoint>['form'] } | undefined
}

export interface FakeHttp extends HttpPort {
  /** every call made, in order */
  readonly calls: CallRecord[]
  /** calls to one endpoint */
  callsTo(name: string): CallRecord[]
  /** resolves when every call made so far has answered or failed: a positive signal to wait on before a negative check */
  settled(): Promise<void>
}

/**
 * A fake HttpPort answering by `endpoint.name`. An answer that is a function is called with the
 * input; whatever it throws (or the promise it returns rejects with) is the call's failure. A call
 * to an endpoint with no answer fails with an ApiError 500 naming it, so a test sees it.
 */
export function fakeHttp(answers: Record<string, FakeAnswer> = {}): FakeHttp {
  const calls: CallRecord[] = []
  const answered: Promise<unknown>[] = []
  const answer = (name: string, input: CallRecord['input'], options?: UploadOptions): Promise<unknown> => {
    if (!(name in answers)) return Promise.reject(new ApiError({ statusCode: 500, message: `no fake answer for ${name}` }))
    const a = answers[name]
    try {
      return Promise.resolve(typeof a === 'function' ? (a as (i: CallRecord['input'], o?: UploadOptions) => unknown)(input, options) : a)
    } catch (e) {
      return Promise.reject(e)
    }
  }
  return {
    calls,
    callsTo: (name) => calls.filter((c) => c.name === name),
    settled: async () => {
      await Promise.allSettled(answered)
    },
    call<E extends Endpoint>(endpoint: E, input?: unknown) {
      const record: CallRecord = { name: endpoint.name, input: input as CallRecord['input'] }
      calls.push(record)
      const result = answer(endpoint.name, record.input)
      answered.push(result.catch(() => undefined))
      return result as never
    },
    // an upload is recorded like a call (input.form); a function answer gets the options (onProgress, signal)
    upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>, options?: UploadOptions) {
      const record: CallRecord = { name: endpoint.name, input: input as CallRecord['input'] }
      calls.push(record)
      const result = answer(endpoint.name, record.input, options)
      answered.push(result.catch(() => undefined))
      return result as never
    },
  }
}

/** 2024-03-15 10:00:00 UTC+8, a fixed "now" for relative times. */
export const NOW_MS = Date.UTC(2024, 2, 15, 2, 0, 0)

export interface TestServices extends Services {
  http: FakeHttp
  store: KeyValueStore
  reload: ReturnType<typeof vi.fn<() => void>>
  setLangCookie: ReturnType<typeof vi.fn<(lang: Services['lang']) => void>>
}

export function makeServices(overrides: Partial<Omit<Services, 'http'>> & { http?: FakeHttp } = {}): TestServices {
  return {
    http: fakeHttp(),
    store: createMemoryStore(),
    lang: 'zh-cn',
    config: siteConfig(),
    initial: { path: null },
    now: () => NOW_MS,
    priceColours: createPriceColours('redUp'),
    ...overrides,
    reload: (overrides.reload as TestServices['reload'] | undefined) ?? vi.fn<() => void>(),
    setLangCookie: (overrides.setLangCookie as TestServices['setLangCookie'] | undefined) ?? vi.fn<(lang: Services['lang']) => void>(),
  } as TestServices
}

export type RenderUiResult = ReturnType<typeof render> & {
  services: TestServices
  /** the memory router's navigate and history */
  location: ReturnType<typeof memoryLocation> & { history: string[] }
}

/** Renders `ui` inside ServicesProvider and a wouter Router on a memory location at `path`. */
export function renderUi(ui: ReactElement, { path = '/', services = makeServices() }: { path?: string; services?: TestServices } = {}): RenderUiResult {
  const location = memoryLocation({ path, record: true })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider value={services}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </ServicesProvider>
  )
  return Object.assign(render(ui, { wrapper }), { services, location })
}

// --- data builders (shaped by core/api/content.ts) --------------------------------------------

export function siteConfig(over: Partial<SiteConfig> = {}): SiteConfig {
  return { vipDisplay: false, premiumShop: false, trendingSearchKeywords: '腾讯控股,英伟达', externalDataUrl: '', ...over }
}

export function channel(id: number, type: string, name: string): Channel {
  return { id, type, name, sort: id }
}

export function article(id: number, over: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    title: `文章标题 ${id}`,
    summary: `文章摘要 ${id}`,
    coverUrl: `https://img.example.com/cover/${id}.jpg`,
    channelType: 'hk',
    channelName: '港股',
    author: { id: 7, nick: '港美汇编辑部', avatar: 'https://img.example.com/avatar/7.png' },
    tags: ['港股'],
    stocks: [{ id: '00700', name: '腾讯控股' }],
    // one hour apart, newest first by id descending
    createTimestamp: Math.floor(NOW_MS / 1000) - 3600 * (100 - (id % 100)),
    readCount: 1234 + id,
    isVip: false,
    ...over,
  }
}

export function articleDetail(id: number, over: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    ...article(id),
    paragraphs: ['第一段正文。', '第二段正文。'],
    source: '港美汇',
    related: [],
    ...over,
  }
}

export function flash(id: number, over: Partial<LiveFlash> = {}): LiveFlash {
  return {
    id,
    title: '',
    content: `快讯内容 ${id}`,
    important: false,
    channel: 'hk',
    stocks: [],
    createTimestamp: Math.floor(NOW_MS / 1000) - 60 * id,
    ...over,
  }
}

export function page<T>(list: readonly T[], hasMore = false): { list: readonly T[]; hasMore: boolean } {
  return { list, hasMore }
}
