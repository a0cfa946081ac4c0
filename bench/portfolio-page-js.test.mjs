// node --test bench/: the portfolio page's files beyond the home page.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { beyondHome } from './portfolio-page-js.mjs'

test('beyondHome keeps the page files the home page does not load, once each, in the page order', () => {
  const home = ['assets/index-a.js', 'assets/vendor-b.js']
  const page = ['assets/index-a.js', 'assets/portfolio-page-c.js', 'assets/uPlot-d.js', 'assets/portfolio-page-c.js', 'assets/vendor-b.js']
  assert.deepEqual(beyondHome(home, page), ['assets/portfolio-page-c.js', 'assets/uPlot-d.js'])
  assert.deepEqual(beyondHome(page, home), [])
})
