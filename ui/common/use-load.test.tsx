// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useLoad } from './use-load'

describe('useLoad', () => {
  it('loads on mount and again when its key changes', async () => {
    const load = vi.fn(async () => 'answer')
    const { result, rerender } = renderHook(({ k }) => useLoad(load, k), { initialProps: { k: 'a' } })
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'answer' }))
    rerender({ k: 'b' })
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2))
  })

  it('starts ready from an inlined first answer without asking again, and asks when the key changes', async () => {
    let answer = 'fresh'
    const load = vi.fn(async () => answer)
    const { result, rerender } = renderHook(({ k }) => useLoad(load, k, 'inlined'), { initialProps: { k: 'a' } })
    expect(result.current).toMatchObject({ status: 'ready', data: 'inlined' })
    rerender({ k: 'b' })
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'fresh' }))
    expect(load).toHaveBeenCalledTimes(1)
    answer = 'again'
    act(() => result.current.reload())
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'again' }))
    // back to the first key: the inlined answer is not reused, it is asked for
    rerender({ k: 'a' })
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3))
  })
})
