// @vitest-environment jsdom
// Issue 24: a reader chooses green-up price colours in /my/setting. The choice is the browser's port
// (ui/styles/price-colours.ts) as ui/main.tsx wires it: the price_colours cookie and the attribute of
// <html> that the stylesheet's price variables follow; a rising price keeps its class, whose colour is
// the --gmh-up variable, now green.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loginInfoFixture } from '../../core/testing/login-info'
import { PRICE_GREEN, PRICE_RED } from '../../core/market/price-colour'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { SessionProvider } from './session'
import { SettingPage } from './my-pages'
import { Price, upClass } from '../market/market-ui'
import { browserPriceColours } from '../styles/price-colours'
import { priceColourRules, tokens } from '../styles/tokens'

const clearCookie = (name: string) => (document.cookie = `${name}=; max-age=0; path=/`)
beforeEach(() => {
  clearCookie('price_colours')
  document.documentElement.removeAttribute('data-price-colours')
  document.cookie = 'gmh_login=1; path=/'
})
afterEach(() => {
  cleanup()
  clearCookie('price_colours')
  clearCookie('gmh_login')
})

function renderSetting() {
  const http = fakeHttp({ 'user.get': loginInfoFixture(), 'friendships.followings': { list: [], hasMore: false, total: 0 }, 'userstock.listV2': [] })
  const services = makeServices({ http, priceColours: browserPriceColours() })
  return renderUi(
    <SessionProvider>
      <SettingPage />
      <Price cents={50_100} change={100} />
    </SessionProvider>,
    { services },
  )
}
const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(name) }) as HTMLInputElement

describe('price colours in /my/setting', () => {
  it('start red-up: 红涨绿跌 is chosen and <html> says redUp', async () => {
    renderSetting()
    expect(await screen.findByRole('group', { name: '涨跌颜色' })).toBeTruthy()
    expect(radio('红涨绿跌').checked).toBe(true)
    expect(radio('绿涨红跌').checked).toBe(false)
    expect(document.documentElement.getAttribute('data-price-colours')).toBe('redUp')
  })

  it('choosing 绿涨红跌 sets the cookie and the attribute, and a rising price is drawn in the green variable', async () => {
    renderSetting()
    await screen.findByRole('group', { name: '涨跌颜色' })
    fireEvent.click(radio('绿涨红跌'))
    await waitFor(() => expect(radio('绿涨红跌').checked).toBe(true))
    expect(radio('红涨绿跌').checked).toBe(false)
    expect(document.cookie).toMatch(/(^|; )price_colours=greenUp(;|$)/)
    expect(document.documentElement.getAttribute('data-price-colours')).toBe('greenUp')
    // the rising price keeps the rise class: its colour is the --gmh-up variable ...
    expect(screen.getByText('501.00').className).toBe(upClass)
    expect(tokens.up).toBe('var(--gmh-up)')
    // ... which the stylesheet makes green under the attribute just set, and red without it
    expect(priceColourRules()).toContain(`html[data-price-colours='greenUp'] { --gmh-up: ${PRICE_GREEN};`)
    expect(priceColourRules()).toContain(`:root { --gmh-up: ${PRICE_RED};`)
  })

  it('the choice outlives the page: the next page starts from the cookie; 红涨绿跌 goes back', async () => {
    document.cookie = 'price_colours=greenUp; path=/'
    renderSetting()
    await screen.findByRole('group', { name: '涨跌颜色' })
    expect(radio('绿涨红跌').checked).toBe(true)
    expect(document.documentElement.getAttribute('data-price-colours')).toBe('greenUp')
    fireEvent.click(radio('红涨绿跌'))
    await waitFor(() => expect(radio('红涨绿跌').checked).toBe(true))
    expect(document.cookie).toMatch(/(^|; )price_colours=redUp(;|$)/)
    expect(document.documentElement.getAttribute('data-price-colours')).toBe('redUp')
  })
})
