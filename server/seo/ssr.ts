// The server renderer (issue 11): ui/server-entry.tsx built by `vite build --ssr` into
// <staticDir>/server/server-entry.js. The server loads it from the build output (server code never
// imports ui/); without that build the page is sent without its first screen and the browser draws it.
import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

/**
 * The styles of the lazily loaded parts (pages, panels), which the browser would otherwise fetch only
 * when their script chunk loads — after it has painted the server's HTML, so the page would jump when
 * they arrive (layout shift, issue 11). All of them, inlined once: about 35 kB raw, 7.5 kB compressed
 * with the page, which is less than the round trips of the few a page needs. The entry's own
 * stylesheet (linked by index.html) is left out. Read once per build directory.
 */
const lazyStyles = new Map<string, string>()
export function lazyStylesOf(staticDir: string, indexHtml: string): string {
  const dir = join(resolve(staticDir), 'assets')
  let found = lazyStyles.get(dir)
  if (found === undefined) {
    found = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.css') && !indexHtml.includes(`/assets/${f}`))
          .sort()
          .map((f) => readFileSync(join(dir, f), 'utf8'))
          .join('\n')
          // nothing in a stylesheet may end the element it is inlined in
          .replace(/<\/style/gi, '<\\/style')
      : ''
    lazyStyles.set(dir, found)
  }
  return found
}

/** index.html with the rendered first screen inside <div id="root"> and the lazy parts' styles in the head. */
export function withRoot(html: string, rendered: string, styles = ''): string {
  const page = html.replace('<div id="root"></div>', () => `<div id="root">${rendered}</div>`)
  return styles ? page.replace('</head>', () => `<style data-lazy-styles>${styles}</style></head>`) : page
}
