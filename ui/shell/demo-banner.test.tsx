// @vitest-environment jsdom
// issue 24: a declared demo on simulated prices says so on every page (every layout); real prices say nothing.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { makeServices, renderUi, siteConfig } from '../testing/render'
import { Layout, LAYOUT_PARTS, type LayoutName } from './layout'

afterEach(cleanup)

describe('the simulated-prices banner', () => {
  it('shows on every layout when the site config says the prices are simulated', () => {
    for (const name of Object.keys(LAYOUT_PARTS) as LayoutName[]) {
      renderUi(<Layout name={name}><p>内容</p></Layout>, { services: makeServices({ config: siteConfig({ simulatedPrices: true }) }) })
      expect(screen.getByRole('note').textContent, name).toBe('行情为模拟数据，仅供演示')
      cleanup()
    }
  })

  it('is absent on real prices and before the config has loaded', () => {
    renderUi(<Layout name="default"><p>内容</p></Layout>)
    expect(screen.queryByTestId('simulated-prices')).toBeNull()
    cleanup()
    renderUi(<Layout name="default"><p>内容</p></Layout>, { services: makeServices({ config: null }) })
    expect(screen.queryByTestId('simulated-prices')).toBeNull()
  })
})
