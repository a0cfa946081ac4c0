import { describe, expect, it } from 'vitest'
import { specTitle } from './goods'

describe('specTitle', () => {
  it('names the goods once when the spec already carries it', () => {
    expect(specTitle({ goods_name: '黄金会员', name: '黄金会员·月卡' })).toBe('黄金会员·月卡')
  })
  it('names the goods once wherever the spec carries it (500 格隆贝, not 格隆贝 500 格隆贝)', () => {
    expect(specTitle({ goods_name: '格隆贝', name: '500 格隆贝' })).toBe('500 格隆贝')
  })
  it('puts the goods before a spec that does not', () => {
    expect(specTitle({ goods_name: '港股掘金专栏', name: '年订阅' })).toBe('港股掘金专栏 年订阅')
  })
})
