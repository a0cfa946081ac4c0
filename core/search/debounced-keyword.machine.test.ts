import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { expectFullCoverage, getCoveragePaths } from '../testing/model-coverage'
import { debouncedKeywordMachine, KEYWORD_DEBOUNCE_MS } from './debounced-keyword.machine'

afterEach(() => void vi.useRealTimers())

describe('debouncedKeywordMachine', () => {
  it('reaches every state and takes every transition', () => {
    const paths = getCoveragePaths(debouncedKeywordMachine, { events: [{ type: 'text.change', value: ' 腾讯 ' }] as never })
    expectFullCoverage(debouncedKeywordMachine, paths)
  })

  it('spec 001 §9: settles 500 ms after the last key, trimmed; Enter settles at once', () => {
    vi.useFakeTimers()
    const actor = createActor(debouncedKeywordMachine, { input: { keyword: '美股' } }).start()
    expect(actor.getSnapshot().context).toEqual({ text: '美股', keyword: '美股' })
    actor.send({ type: 'text.change', value: '腾' })
    vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS - 1)
    actor.send({ type: 'text.change', value: '腾讯 ' })
    vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS - 1)
    expect(actor.getSnapshot().context.keyword).toBe('美股')
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().context.keyword).toBe('腾讯')
    actor.send({ type: 'text.change', value: '港股' })
    actor.send({ type: 'text.submit' })
    expect(actor.getSnapshot().context.keyword).toBe('港股')
    actor.send({ type: 'text.clear' })
    expect(actor.getSnapshot().context).toEqual({ text: '', keyword: '' })
  })
})
