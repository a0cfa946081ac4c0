// What views get from the outside world: the HTTP port, browser storage and the reader's script.
// Created once in ui/main.tsx; tests render with their own.
import { createContext, useContext, type ReactNode } from 'react'
import type { HttpPort } from '../core/api/http-port'
import type { KeyValueStore } from '../core/storage/storage-port'
import type { Lang } from '../core/locale/lang'
import type { SiteConfig } from '../core/api/content'
import type { InitialData } from '../core/api/initial-data'

export interface Services {
  http: HttpPort
  store: KeyValueStore
  lang: Lang
  /** site config (VIP display flag, trending keywords); null until it has loaded */
  config: SiteConfig | null
  /** what the server inlined into the HTML; the home page takes its part once */
  initial: { home?: InitialData['home']; news?: InitialData['news'] }
  now: () => number
  setLangCookie: (lang: Lang) => void
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
