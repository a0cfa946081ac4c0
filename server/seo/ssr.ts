// The server renderer (issue 11): ui/server-entry.tsx built by `vite build --ssr` into
// <staticDir>/server/server-entry.js. The server loads it from the build output (server code never
// imports ui/); without that build the page is sent without its first screen and the browser draws it.
import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { InitialData } from '../../core/api/initial-data'
import type { Lang } from '../../core/locale/lang'

export type RenderPage = (url: string, initial: InitialData, lang: Lang) => Promise<string | null>
type EntryRender = (url: string, initial: InitialData, lang: Lang, scope: AsyncLocalStorage<unknown>) => Promise<string | null>

/** Carries each render's i18next instance (its request's script) through the renderer's async steps. */
const requestScope = new AsyncLocalStorage<unknown>()

export const ssrEntryOf = (staticDir: string) => join(resolve(staticDir), 'server', 'server-entry.js')

const loaded = new Map<string, Promise<RenderPage | null>>()

/** The build's render function, or null when the build has no server entry. Loaded once per build dir. */
export function loadRenderer(staticDir: string): Promise<RenderPage | null> {
  const file = ssrEntryOf(staticDir)
  let found = loaded.get(file)
  if (!found) {
    found = existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (m: { render?: EntryRender }) => {
            const render = m.render
            return render ? (url: string, initial: InitialData, lang: Lang) => render(url, initial, lang, requestScope) : null
          },
          (error: unknown) => {
            console.error(`server renderer ${file} failed to load:`, error)
            return null
          },
        )
      : Promise.resolve(null)
    loaded.set(file, found)
  }
  return found
}

/** index.html with the rendered first screen inside <div id="root">. */
export function withRoot(html: string, rendered: string): string {
  return html.replace('<div id="root"></div>', () => `<div id="root">${rendered}</div>`)
}
