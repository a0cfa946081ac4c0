import { describe, expect, it } from 'vitest'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import { allLives, channelArticles, newsDetail, newsListPage, sendLogs } from '../../core/api/content'
import { Id, IdFromString, Text } from '../../core/api/common'
import { issueMessage, nulMessage, nulPath } from './issue-message'

function messageFor(schema: Schema.Top, input: unknown, what?: '参数' | '请求体'): string {
  const r = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input)
  if (Result.isSuccess(r)) throw new Error(`expected ${JSON.stringify(input)} to fail`)
  return issueMessage(schema, r.failure, what)
}

describe('issueMessage', () => {
  it('names the field and what it should be', () => {
    expect(messageFor(channelArticles.query, { count: '0' })).toBe('参数错误：count 应为 1 到 100 的整数')
    expect(messageFor(channelArticles.query, { count: 'abc' })).toBe('参数错误：count 应为 1 到 100 的整数')
    expect(messageFor(channelArticles.query, { count: '2.5' })).toBe('参数错误：count 应为 1 到 100 的整数')
    expect(messageFor(channelArticles.query, { timestamp: '-3' })).toBe('参数错误：timestamp 应为非负整数')
    expect(messageFor(newsDetail.params, { id: '-1' })).toBe('参数错误：id 应为不大于 2147483647 的正整数')
    expect(messageFor(newsListPage.query, { page: '0' })).toBe('参数错误：page 应为不大于 2147483647 的正整数')
    expect(messageFor(newsListPage.query, { type: 'x'.repeat(40) })).toBe('参数错误：type 应为不超过 32 个字符的字符串')
  })
  it('says a pattern-checked field has a bad format', () => {
    expect(messageFor(channelArticles.params, { type: 'a/b' })).toBe('参数错误：type 格式不正确')
  })
  it('lists the accepted spellings of a boolean flag', () => {
    expect(messageFor(allLives.query, { onlyShowImportant: 'yes' })).toBe('参数错误：onlyShowImportant 应为 true、false、1 或 0 之一')
  })
  it('handles bodies: missing keys, nested array items, non-objects', () => {
    expect(messageFor(sendLogs.body, { logArray: [], logPageNo: 0 }, '请求体')).toBe('参数错误：缺少 fileDate')
    expect(messageFor(sendLogs.body, { fileDate: 'd', logArray: ['a', 1], logPageNo: 0 }, '请求体')).toBe(
      '参数错误：logArray[1] 应为不超过 4000 个字符的字符串',
    )
    expect(messageFor(sendLogs.body, { fileDate: 'd', logArray: [], logPageNo: -1 }, '请求体')).toBe('参数错误：logPageNo 应为不大于 2147483647 的非负整数')
    expect(messageFor(sendLogs.body, [1, 2], '请求体')).toBe('参数错误：请求体应为 JSON 对象')
  })
  it('refuses ids past 2^31−1 (integer columns) and NUL in text at the contract', () => {
    expect(messageFor(newsDetail.params, { id: '2147483648' })).toBe('参数错误：id 应为不大于 2147483647 的正整数')
    expect(messageFor(newsDetail.params, { id: '9007199254740993' })).toBe('参数错误：id 应为不大于 2147483647 的正整数')
    expect(messageFor(Schema.Struct({ id: Id }), { id: 2 ** 31 })).toBe('参数错误：id 应为不大于 2147483647 的正整数')
    expect(Schema.decodeUnknownSync(IdFromString)('2147483647')).toBe(2147483647)
    expect(messageFor(Schema.Struct({ nick: Text(40) }), { nick: 'a\u0000b' }, '请求体')).toBe('参数错误：nick 不能包含空字符')
    expect(messageFor(channelArticles.query, { timestamp: '1e308' })).toBe('参数错误：timestamp 应为非负整数')
  })
  it('finds the first NUL anywhere in a value, without recursion', () => {
    expect(nulPath({ a: 'x', logArray: ['ok', 'b\u0000'] })).toBe('logArray[1]')
    expect(nulPath({ a: 'x', b: [1, { c: 2 }] })).toBeUndefined()
    expect(nulPath('\u0000')).toBe('')
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(nulPath(deep)).toMatch(/^\[0\]/)
    expect(nulMessage('nick')).toBe('参数错误：nick 不能包含空字符')
    expect(nulMessage('', '请求体')).toBe('参数错误：请求体 不能包含空字符')
  })
})
