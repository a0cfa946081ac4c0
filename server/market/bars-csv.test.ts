// Daily bars from CSV (issue 24), into a clone of the seeded database: a good file is written, a file
// with bad rows names each by its line number and writes nothing, and importing again changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/test-db'
import { importBarsCsv, parseBarsCsv, resolveSymbol } from './bars-csv'
import { dailyBarsOf } from './daily-bars-repository'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
}, 120_000)
afterAll(() => t?.close())

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000
// dates long before the seeded history, so the rows are new
const GOOD = [
  'Date,Open,High,Low,Close,Adj Close,Volume,Symbol',
  '2001-03-01,10.50,11.00,10.20,10.80,10.1,1200000,0700.HK',
  '2001-03-02,10.80,11.20,10.60,11.10,10.4,1300000,hk00700',
  '',
  '2001-03-01,25.10,25.50,24.90,25.20,25.2,5000000,AAPL',
].join('\r\n')

describe('CSV import of daily bars', () => {
  const keys = [
    { id: 'hk00700', code: '00700', codeDisp: '00700.HK', market: 'hk' },
    { id: 'usAAPL', code: 'AAPL', codeDisp: 'AAPL', market: 'us' },
  ]

  it('reads the symbols files use', () => {
    expect(['hk00700', '00700.HK', '0700.hk', '700.HK', 'usAAPL', 'aapl'].map((s) => resolveSymbol(s, keys))).toEqual(['hk00700', 'hk00700', 'hk00700', 'hk00700', 'usAAPL', 'usAAPL'])
    expect(resolveSymbol('9999.HK', keys)).toBeUndefined()
  })

  it('writes a good file, and importing it again leaves the same rows', async () => {
    const first = await importBarsCsv(t.db, GOOD)
    expect(first.errors).toEqual([])
    expect(first.rows).toHaveLength(3)
    const tencent = (await dailyBarsOf(t.db, 'hk00700')).filter((b) => b.day < day('2002-01-01'))
    expect(tencent).toEqual([
      { stock_id: 'hk00700', day: day('2001-03-01'), open_cents: 1050, high_cents: 1100, low_cents: 1020, close_cents: 1080, volume: 1_200_000 },
      { stock_id: 'hk00700', day: day('2001-03-02'), open_cents: 1080, high_cents: 1120, low_cents: 1060, close_cents: 1110, volume: 1_300_000 },
    ])
    const count = async () => (await dailyBarsOf(t.db, 'hk00700')).length + (await dailyBarsOf(t.db, 'usAAPL')).length
    const before = await count()
    expect((await importBarsCsv(t.db, GOOD)).errors).toEqual([])
    expect(await count()).toBe(before)
    // a corrected file replaces the day's bar
    await importBarsCsv(t.db, 'date,open,high,low,close,volume\n2001-03-01,10.5,11.5,10.2,11.4,1500000\n', 'hk00700')
    expect((await dailyBarsOf(t.db, 'hk00700')).find((b) => b.day === day('2001-03-01'))).toMatchObject({ high_cents: 1150, close_cents: 1140, volume: 1_500_000 })
    expect(await count()).toBe(before)
  })

  it('names every bad row by its line and writes nothing of the file', async () => {
    const text = [
      'date,open,high,low,close,volume',
      '2002-05-02,10,11,9,10.5,100',
      '2002-05-03,10,11,9,abc,100',
      '02/05/2002,10,11,9,10.5,100',
      '2002-05-06,10,9,9.5,10.5,100',
      '2002-05-07,10,11,9,10.5,-5',
      '2002-02-30,10,11,9,10.5,100',
      '2002-05-02,10,11,9,10.5,100',
      '2002-05-08,10,11,9,10.5',
    ].join('\n')
    const result = await importBarsCsv(t.db, text, '00700.HK')
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9])
    expect(result.errors[2]?.message).toMatch(/high must be the highest/)
    expect(result.errors[4]?.message).toMatch(/no such date 2002-02-30/)
    expect(result.errors[5]?.message).toBe('hk00700 2002-05-02 already on line 2')
    expect(result.errors[6]?.message).toBe('no volume')
    expect((await dailyBarsOf(t.db, 'hk00700')).some((b) => b.day === day('2002-05-02'))).toBe(false)
  })

  it('refuses a file it cannot read as bars', () => {
    expect(parseBarsCsv('day,price\n2001-01-01,1\n', keys).errors).toEqual([{ line: 1, message: 'header lacks date, open, high, low, close, volume (expected date,open,high,low,close,volume)' }])
    expect(parseBarsCsv('date,open,high,low,close,volume\n2001-01-02,1,1,1,1,1\n', keys).errors[0]?.message).toMatch(/no symbol column/)
    expect(parseBarsCsv('date,open,high,low,close,volume,symbol\n2001-01-02,1,1,1,1,1,TSLA\n', keys).errors).toEqual([{ line: 2, message: 'unknown stock TSLA' }])
    expect(parseBarsCsv('date,open,high,low,close,volume\n', keys, 'hk00700').errors).toEqual([{ line: 1, message: 'no bars in the file' }])
    expect(parseBarsCsv('date,open,high,low,close,volume\n', keys, 'TSLA').errors).toEqual([{ line: 0, message: 'unknown stock TSLA' }])
  })
})
