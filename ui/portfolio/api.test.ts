// The portfolio API module: a new portfolio's name goes through the server's name rules (detect chars)
// before the create form shows its preview, so a forbidden word is refused before the reader confirms.
import { describe, expect, it } from 'vitest'
import { fakeHttp } from '../testing/render'
import { PORTFOLIO_MESSAGES as M } from '../../core/portfolio/rules'
import { portfolioApi } from './api'

const form = (name: string) => ({ mode: 'create' as const, portfolioCode: null, name, market: 'hk' as const, rows: [{ stockId: 'hk00700', name: '腾讯控股', weight: 30 }] })

describe('portfolioApi.loadPreview (create)', () => {
  it('asks detect chars with the trimmed name; a refusal rejects with its message', async () => {
    const http = fakeHttp({ 'portfolio.detectChars': { pass: false, message: M.nameForbidden } })
    await expect(portfolioApi(http).loadPreview(form(' 稳赚组合 '))).rejects.toMatchObject({ message: M.nameForbidden })
    expect(http.calls).toEqual([{ name: 'portfolio.detectChars', input: { body: { name: '稳赚组合' } } }])
  })
  it('a passing name gets the preview of the first allocation', async () => {
    const http = fakeHttp({ 'portfolio.detectChars': { pass: true, message: '' } })
    expect(await portfolioApi(http).loadPreview(form('港股科技'))).toEqual({
      items: [{ stockCode: 'hk00700', name: '腾讯控股', fromWeight: 0, toWeight: 30, price: 0 }],
      cashWeight: 70,
    })
  })
})
