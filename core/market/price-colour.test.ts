// The reader's price colours (issue 24): which hex a direction gets under each scheme, and the cookie
// that keeps the choice.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  COLOUR_SCHEMES, FLAT_GREY, PRICE_GREEN, PRICE_GREEN_TINT, PRICE_RED, PRICE_RED_TINT, parseColourScheme, priceColour, priceColours,
} from './price-colour'

describe('price colours', () => {
  it('red up under the Chinese convention, green up when the reader chooses it', () => {
    expect(priceColours('redUp')).toEqual({ up: PRICE_RED, down: PRICE_GREEN, upBg: PRICE_RED_TINT, downBg: PRICE_GREEN_TINT })
    expect(priceColours('greenUp')).toEqual({ up: PRICE_GREEN, down: PRICE_RED, upBg: PRICE_GREEN_TINT, downBg: PRICE_RED_TINT })
    expect(priceColour(12)).toBe(PRICE_RED)
    expect(priceColour(12, 'greenUp')).toBe(PRICE_GREEN)
    expect(priceColour(-3, 'greenUp')).toBe(PRICE_RED)
    expect(priceColour(0, 'greenUp')).toBe(FLAT_GREY)
  })
  it('a scheme swaps the two hues and nothing else: a rise under one is a fall under the other', () => {
    fc.assert(
      fc.property(fc.double(), fc.constantFrom(...COLOUR_SCHEMES), (change, scheme) => {
        const other = scheme === 'redUp' ? 'greenUp' : 'redUp'
        expect(priceColour(change, scheme)).toBe(priceColour(-change, other))
        // a change that is not a finite non-zero number is never coloured as a direction
        if (!Number.isFinite(change) || change === 0) expect(priceColour(change, scheme)).toBe(FLAT_GREY)
        else expect(priceColour(change, scheme)).not.toBe(priceColour(-change, scheme))
      }),
    )
  })
})

describe('the price_colours cookie', () => {
  it('reads greenUp and nothing else as green-up', () => {
    expect(parseColourScheme('greenUp')).toBe('greenUp')
    expect(parseColourScheme(' GREENUP ')).toBe('greenUp')
    expect(parseColourScheme('redUp')).toBe('redUp')
    expect(parseColourScheme(undefined)).toBe('redUp')
    expect(parseColourScheme(null)).toBe('redUp')
    expect(parseColourScheme('green')).toBe('redUp')
  })
  it('any value parses to a scheme, and a scheme written to the cookie reads back as itself', () => {
    fc.assert(fc.property(fc.string(), (v) => {
      expect(COLOUR_SCHEMES).toContain(parseColourScheme(v))
    }))
    fc.assert(fc.property(fc.constantFrom(...COLOUR_SCHEMES), (s) => {
      expect(parseColourScheme(s)).toBe(s)
    }))
    // only the exact name (any case, trimmed) chooses green-up: a garbled value keeps the default
    fc.assert(
      fc.property(fc.string(), (v) => {
        if (v.trim().toLowerCase() !== 'greenup') expect(parseColourScheme(v)).toBe('redUp')
      }),
    )
  })
})
