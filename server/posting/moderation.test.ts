import { describe, expect, it } from 'vitest'
import { LOCAL_REVIEW_DELAY_MS, localModeration } from './moderation'

describe('the local moderation', () => {
  it('approves on its own after the delay in local mode', () => {
    expect(localModeration({}).autoApproveAt(1_000)).toBe(1_000 + LOCAL_REVIEW_DELAY_MS)
    expect(localModeration({ POSTING_REVIEW_DELAY_MS: '5' }).autoApproveAt(1_000)).toBe(1_005)
  })
  it('never approves on its own in production: content waits for a decision (fail closed)', () => {
    expect(localModeration({ NODE_ENV: 'production' }).autoApproveAt(1_000)).toBeNull()
  })
  it('refuses a forbidden word in both modes, spacing tricks included', async () => {
    for (const env of [{}, { NODE_ENV: 'production' }]) expect((await localModeration(env).checkText('赌 · 博')).pass).toBe(false)
  })
})
