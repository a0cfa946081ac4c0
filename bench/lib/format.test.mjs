import { test } from 'node:test'
import assert from 'node:assert/strict'
import { kb, table, num } from './format.mjs'

test('kb uses 1 KB = 1000 bytes with one decimal', () => {
  assert.equal(kb(0), '0.0 KB')
  assert.equal(kb(130_000), '130.0 KB')
  assert.equal(kb(1_234_567), '1234.6 KB')
})

test('num groups thousands and keeps the given decimals', () => {
  assert.equal(num(12345.678, 1), '12,345.7')
  assert.equal(num(3, 0), '3')
})

test('table pads every column to its widest cell, numbers right-aligned by default', () => {
  const out = table(['file', 'raw', 'gzip'], [['assets/index-A.js', '12.0 KB', '4.1 KB'], ['a.css', '900.5 KB', '88.0 KB']], { align: ['left', 'right', 'right'] })
  assert.equal(
    out,
    ['file' + ' '.repeat(20) + 'raw' + ' '.repeat(5) + 'gzip', '-----------------  --------  -------', 'assets/index-A.js   12.0 KB   4.1 KB', 'a.css              900.5 KB  88.0 KB'].join('\n'),
  )
})
