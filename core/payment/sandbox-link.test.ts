import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { sandboxPayLink } from './sandbox-link'

const TOKEN = 'A'.repeat(16) + 'b_-9'.repeat(4)

describe('sandboxPayLink', () => {
  it('links the local sandbox page, never a WeChat code or another page', () => {
    expect(sandboxPayLink(`http://127.0.0.1:8080/sandbox/pay/${TOKEN}`)).toBe(`http://127.0.0.1:8080/sandbox/pay/${TOKEN}`)
    expect(sandboxPayLink('weixin://wxpay/bizpayurl?pr=abc123')).toBeNull()
    expect(sandboxPayLink(`javascript:alert(1)//sandbox/pay/${TOKEN}`)).toBeNull()
    expect(sandboxPayLink(`http://127.0.0.1/sandbox/pay/${TOKEN}?x=1`)).toBeNull()
    expect(sandboxPayLink('http://127.0.0.1/sandbox/pay/short')).toBeNull()
    expect(sandboxPayLink('')).toBeNull()
  })
  it('answers only http(s) links to the sandbox path, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const link = sandboxPayLink(s)
        if (link !== null) expect(link).toMatch(/^https?:\/\/[^/]+\/sandbox\/pay\/[A-Za-z0-9_-]{32}$/)
      }),
    )
  })
})
