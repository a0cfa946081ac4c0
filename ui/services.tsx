// What views get from the outside world: the HTTP port, browser storage and the reader's script.
// Created once in ui/main.tsx; tests render with their own.
import { createContext, useContext, type ReactNode } from 'react'
import type { HttpPort } from '../core/api/http-port'
import type { KeyValueStore } from '../core/storage/storage-port'
import type { Lang } from '../core/locale/lang'
import type { SiteConfig } from '../core/api/content'
import type { InitialData } from '../core/api/initial-data'
import type { PriceColoursPort } from './styles/price-colours'

export interface Services {
  http: HttpPort
  store: KeyValueStore
  lang: Lang
  /** site config (VIP display flag, trending keywords); null until it has loaded */
  config: SiteConfig | null
  /**
   * What the server inlined into the HTML for the page at `path` (ui/common/first-screen.tsx): the
   * first screen's answers and when they were taken; `path` is null once the reader has moved on.
   */
  initial: { path: string | null; answers?: InitialData['answers']; servedAt?: number }
  now: () => number
  setLangCookie: (lang: Lang) => void
  /** the reader's price colours, red-up or green-up (ui/styles/price-colours.ts) */
  priceColours: PriceColoursPort
  reload: () => void
}

const ServicesContext = createContext<Services | null>(null)

export function ServicesProvider({ value, children }: { value: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>
}

export function useServices(): Services {
  const s = useContext(ServicesContext)
  if (!s) throw new Error('ServicesProvider missing')
  return s
}
