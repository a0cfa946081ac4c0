// The reader's price colours (issue 24): red-up (the default) or green-up, chosen in /my/setting.
//
// The stylesheet follows the choice by itself: the price tokens are CSS variables (tokens.ts) that
// priceColourRules (in global.ts) swaps under html[data-price-colours="greenUp"], an attribute the
// server writes from the price_colours cookie before any script runs (server/http/static.ts), so
// nothing flashes red first.
// What CSS cannot reach (the charts' canvas) reads the choice from the port in the services with
// usePriceColours and asks core's priceColour for the hex.
import { useSyncExternalStore } from 'react'
import {
  PRICE_COLOURS_COOKIE, PRICE_COLOURS_COOKIE_DAYS, parseColourScheme, type ColourScheme,
} from '../../core/market/price-colour'
import { readCookie, writeCookie } from '../../adapters/storage/cookies'
import { useServices } from '../services'
import { PRICE_COLOURS_ATTRIBUTE } from './tokens'

/** The reader's choice: what it is now, choosing another, and telling who draws in it. */
export interface PriceColoursPort {
  get(): ColourScheme
  choose(scheme: ColourScheme): void
  subscribe(listener: () => void): () => void
}

/** A port holding the choice in memory; `keep` stores a new choice (the browser's cookie and attribute). */
export function createPriceColours(initial: ColourScheme, keep: (scheme: ColourScheme) => void = () => undefined): PriceColoursPort {
  let scheme = initial
  const listeners = new Set<() => void>()
  return {
    get: () => scheme,
    choose(next) {
      if (next === scheme) return
      scheme = next
      keep(next)
      for (const l of listeners) l()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The browser's port: starts from the price_colours cookie; a choice rewrites the cookie and the attribute of <html>. */
export function browserPriceColours(doc: Document = document): PriceColoursPort {
  const apply = (scheme: ColourScheme) => doc.documentElement.setAttribute(PRICE_COLOURS_ATTRIBUTE, scheme)
  const initial = parseColourScheme(readCookie(PRICE_COLOURS_COOKIE))
  apply(initial) // the server wrote it already; a page served without the server's rewrite (Vite dev) gets it here
  return createPriceColours(initial, (scheme) => {
    writeCookie(PRICE_COLOURS_COOKIE, scheme, { maxAgeDays: PRICE_COLOURS_COOKIE_DAYS })
    apply(scheme)
  })
}

/** The reader's scheme in a view, re-rendering when it changes. */
export function usePriceColours(): ColourScheme {
  const { priceColours } = useServices()
  return useSyncExternalStore(priceColours.subscribe, priceColours.get, priceColours.get)
}
