import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type AnyMachineSnapshot } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { eventsByState, FakeActors, flush, keyWithEvent, coveringWalks, walkPath } from '../testing/model-path-driver'
import { searchBoxMachine, SEARCH_FAILED_TEXT, type SearchBoxContext, type SearchBoxEvent, type SearchBoxInput } from './search-box.machine'
import type { HotStock, SearchBoxAnswer } from './quick-results'
import { readHistory, writeHistory } from './search-history'
import type { KeyValueStore } from '../storage/storage-port'

const hotStocks: HotStock[] = [{ id: 'hk00700', name: '腾讯控股', code: '00700', market: 'hk' }]
const answer: SearchBoxAnswer = {
  searchStock: {
    list: [1, 2, 3, 4].map((i) => ({
      id: `hk0070${i}`,
      code: `0070${i}`,
      codeDisp: `0070${i}.HK`,
      ipoStatus: 1,
      market: 'hk',
      name: `股票${i}`,
      nameDisp: `股票${i}`,
      category: 1,
    })),
  },
}

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>()
  return { get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) }
}

function start(input: SearchBoxInput = {}, store: KeyValueStore = memoryStore()) {
  const fakes = new FakeActors()
  const navigate = vi.fn<(url: string) => void>()
  const machine = searchBoxMachine.provide({
    actors: { search: fakes.logic('search'), loadHotStocks: fakes.logic('loadHotStocks') },
    actions: {
      persistHistory: (_, params) => writeHistory(store, params.history),
      navigate: (_, params) => navigate(params.url),
    },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, fakes, navigate, store }
}

const ctx = (actor: { getSnapshot(): { context: SearchBoxContext } }) => actor.getSnapshot().context

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('searchBox model', () => {
  const input: SearchBoxInput = { history: ['小米'], trendingSearchKeywords: '英伟达,特斯拉' }
  const variants: SearchBoxEvent[] = [
    { type: 'input.change', value: '' },
    { type: 'input.change', value: '腾讯' },
    { type: 'input.change', value: '腾讯控股' },
    { type: 'history.choose', keyword: '小米' },
    { type: 'trending.set', keywords: '美团' },
    { type: 'trending.set', keywords: '英伟达,特斯拉' },
    { type: 'xstate.done.actor.search', output: answer } as never,
    { type: 'xstate.error.actor.search', error: new Error('net') } as never,
    { type: 'xstate.done.actor.loadHotStocks', output: hotStocks } as never,
    { type: 'xstate.error.actor.loadHotStocks', error: new Error('net') } as never,
  ]
  // history and the results' content are left out of the key: they follow from the rest
  const pick = (s: AnyMachineSnapshot) => {
    const c = s.context as SearchBoxContext
    return [c.text, c.results?.keyword, c.hotStocks !== null, c.hotWords, c.hotWordIndex, c.error]
  }
  const serializeState = keyWithEvent(pick)
  const paths = getShortestPaths(searchBoxMachine, { events: eventsByState(variants) as never, input, serializeState: serializeState as never })

  it('reaches every state and every transition', () => {
    expectFullCoverage(searchBoxMachine, paths, { input })
  })

  it('a real actor follows every path', async () => {
    const project = (s: AnyMachineSnapshot) => {
      const c = s.context as SearchBoxContext
      // the same fields as the traversal key (history is checked by the example tests)
      return [c.text, c.results?.keyword, c.hotStocks !== null, c.hotWords, c.hotWordIndex, c.error]
    }
    // each state (its value and picked context) left by each event once: the event that led into it is not part of a step's name
    const walks = coveringWalks(paths, (s) => JSON.stringify([s.value, pick(s)]))
    for (const path of walks) {
      const { actor, fakes } = start(input)
      await walkPath(actor, fakes, path, { project })
      actor.stop()
    }
    expect(paths.length).toBeGreaterThan(20)
    expect(walks.length).toBeLessThan(paths.length)
  }, 120_000)
})

describe('searchBox behaviour', () => {
  it('debounce: typing coalesces into one search 500 ms after the last change (spec 000 §4)', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'input.focus' })
    actor.send({ type: 'input.change', value: '腾' })
    vi.advanceTimersByTime(300)
    actor.send({ type: 'input.change', value: '腾讯' })
    vi.advanceTimersByTime(499)
    expect(fakes.inputs('search')).toEqual([])
    expectToBeIn(actor, 'popup.open.debouncing')
    vi.advanceTimersByTime(1)
    expect(fakes.inputs('search')).toEqual([{ keyword: '腾讯', count: 3 }])
    await fakes.resolve('search', answer)
    expectToBeIn(actor, 'popup.open.results')
    expect(ctx(actor).results?.stock).toHaveLength(3) // spec 000 §9: 3 per type
  })

  it('ignores the answer for an earlier keyword', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'input.change', value: 'a' })
    vi.advanceTimersByTime(500)
    actor.send({ type: 'input.change', value: 'ab' })
    await fakes.resolve('search', answer) // the answer for 'a' arrives late
    expect(ctx(actor).results).toBeNull()
    vi.advanceTimersByTime(500)
    expect(fakes.inputs('search')).toEqual([
      { keyword: 'a', count: 3 },
      { keyword: 'ab', count: 3 },
    ])
    await fakes.resolve('search', { searchStock: { list: [] } })
    expect(ctx(actor).results?.keyword).toBe('ab')
  })

  it('focus with empty text shows hot stocks (loaded once) and history', async () => {
    const { actor, fakes } = start({ history: ['苹果'] })
    actor.send({ type: 'input.focus' })
    expectToBeIn(actor, 'popup.open.suggestions.loading')
    await fakes.resolve('loadHotStocks', hotStocks)
    expect(ctx(actor).hotStocks).toEqual(hotStocks)
    expect(ctx(actor).history).toEqual(['苹果'])
    actor.send({ type: 'outside.click' })
    expectToBeIn(actor, 'popup.closed')
    actor.send({ type: 'input.focus' })
    expectToBeIn(actor, 'popup.open.suggestions.shown')
    expect(fakes.inputs('loadHotStocks')).toHaveLength(1)
  })

  it('a failed search shows the failure text', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'input.change', value: 'x' })
    vi.advanceTimersByTime(500)
    await fakes.reject('search', new Error('boom'))
    expect(ctx(actor).error).toBe(SEARCH_FAILED_TEXT)
  })

  it('Enter saves the term to the persisted history and opens the results page', async () => {
    const store = memoryStore()
    writeHistory(store, ['小米', '腾讯'])
    const { actor, navigate } = start({ history: readHistory(store) }, store)
    actor.send({ type: 'input.change', value: ' 腾讯 ' })
    actor.send({ type: 'search.submit' })
    expect(navigate).toHaveBeenCalledWith('/search?keyword=%E8%85%BE%E8%AE%AF')
    expect(readHistory(store)).toEqual(['腾讯', '小米'])
    expectToBeIn(actor, 'popup.closed')
    // a new box (next page load) starts from the stored history
    const again = start({ history: readHistory(store) }, store)
    expect(ctx(again.actor).history).toEqual(['腾讯', '小米'])
    again.actor.send({ type: 'history.choose', keyword: '小米' })
    expect(readHistory(store)).toEqual(['小米', '腾讯'])
    expect(again.navigate).toHaveBeenCalledWith('/search?keyword=%E5%B0%8F%E7%B1%B3')
  })

  it('empty text searches the hot word on display; the carousel turns every 5 s', () => {
    const { actor, navigate } = start({ trendingSearchKeywords: '英伟达, 特斯拉' })
    vi.advanceTimersByTime(4_999)
    expect(ctx(actor).hotWordIndex).toBe(0)
    vi.advanceTimersByTime(1)
    expect(ctx(actor).hotWordIndex).toBe(1)
    actor.send({ type: 'search.submit' })
    expect(navigate).toHaveBeenCalledWith(`/search?keyword=${encodeURIComponent('特斯拉')}`)
    vi.advanceTimersByTime(5_000)
    expect(ctx(actor).hotWordIndex).toBe(0)
  })

  it('empty text and no hot word: submit does nothing', () => {
    const { actor, navigate } = start()
    actor.send({ type: 'search.submit' })
    expect(navigate).not.toHaveBeenCalled()
    expect(ctx(actor).history).toEqual([])
  })

  it('history given as input is normalised (max 20, no duplicates)', async () => {
    const long = Array.from({ length: 25 }, (_, i) => `w${i % 22}`)
    const { actor } = start({ history: long })
    await flush()
    const h = ctx(actor).history
    expect(h).toHaveLength(20)
    expect(new Set(h).size).toBe(20)
    expect(h[0]).toBe('w0')
  })
})
