// The server renderer (issue 11): ui/server-entry.tsx built by `vite build --ssr` into
// <staticDir>/server/server-entry.js. The server loads it from the build output (server code never
// imports ui/); without that build the page is sent without its first screen and the browser draws it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { InitialData } from '../../core/api/initial-data'
import type { Lang } from '../../core/locale/lang'

export type RenderPage = (url: string, initial: InitialData, lang: Lang) => Promise<string | null>
/** What the entry's render runs its work in (ui/server-entry.tsx RequestScope). */
interface RequestScope {
  run<R>(store: unknown, fn: () => R): R
  getStore(): unknown
}
type EntryRender = (url: string, initial: InitialData, lang: Lang, scope: RequestScope) => Promise<string | null>

/** Whether the client has a page for a path (ui/app.tsx isKnownPage). */
export type PageMatcher = (path: string) => boolean

/**
 * Carries each render's i18next instance (its request's script) through the renderer's async steps.
 * Renders in one script run together and a render in the other script waits until they are done
 * (renderInScript), so the instance of the renders under way is simply kept here. Not an
 * AsyncLocalStorage: its first run() turns on Node's promise hooks for every promise the process makes
 * from then on, and after the first server-rendered page every API answer paid for them for good
 * (issue 31: the home feed fell from 0.77 to 0.51 of bare node:http).
 */
let renderingWith: unknown
const requestScope: RequestScope = {
  run: (store, fn) => {
    renderingWith = store
    return fn()
  },
  getStore: () => renderingWith,
}

/** The script whose renders are under way, how many, and the renders waiting for their script's turn. */
let running: { script: string; count: number } | null = null
const waiting: { script: string; start: () => void }[] = []

/**
 * Runs `render` alongside the other renders in `script`, or once they are done when they are in another
 * script. A script waits its turn: renders that arrive while the other script waits queue behind it.
 */
export function renderInScript<T>(script: string, render: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const start = () => {
      running = running ? { script, count: running.count + 1 } : { script, count: 1 }
      render()
        .then(resolve, reject)
        .finally(() => {
          running = running && running.count > 1 ? { script, count: running.count - 1 } : null
          if (running === null && waiting.length > 0) {
            const turn = waiting[0]!.script
            for (const w of waiting.filter((x) => x.script === turn)) {
              waiting.splice(waiting.indexOf(w), 1)
              w.start()
            }
          }
        })
    }
    if (running === null || (running.script === script && waiting.length === 0)) start()
    else waiting.push({ script, start })
  })
}

export const ssrEntryOf = (staticDir: string) => join(resolve(staticDir), 'server', 'server-entry.js')

interface Entry {
  render?: EntryRender
  isKnownPage?: PageMatcher
}
const loaded = new Map<string, Promise<Entry | null>>()

/** The build's server entry, imported once per build dir; null when the build has none or it fails to load. */
function loadEntry(staticDir: string): Promise<Entry | null> {
  const file = ssrEntryOf(staticDir)
  let found = loaded.get(file)
  if (!found) {
    found = existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (m: Entry) => m,
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

/** The build's render function, or null when the build has no server entry. */
export async function loadRenderer(staticDir: string): Promise<RenderPage | null> {
  const render = (await loadEntry(staticDir))?.render
  return render ? (url: string, initial: InitialData, lang: Lang) => renderInScript(lang, () => render(url, initial, lang, requestScope)) : null
}

/** The build's page matcher: the server answers 404 for a path no page of the client draws (issue 23). */
export async function loadPageMatcher(staticDir: string): Promise<PageMatcher | null> {
  return (await loadEntry(staticDir))?.isKnownPage ?? null
}

/** A built stylesheet: its text (safe inside <style>) and the class names its selectors name. */
export interface Sheet {
  readonly href: string
  readonly css: string
  readonly classes: ReadonlySet<string>
}
export interface Sheets {
  /** the entry's stylesheets, linked by index.html */
  readonly entry: readonly Sheet[]
  /** the lazily loaded parts' (pages, panels) */
  readonly lazy: readonly Sheet[]
}

const sheets = new Map<string, Sheets>()
/** The build's stylesheets, read once per build directory. */
export function sheetsOf(staticDir: string, indexHtml: string): Sheets {
  const dir = join(resolve(staticDir), 'assets')
  let found = sheets.get(dir)
  if (!found) {
    const all = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.css'))
          .sort()
          .map((f): Sheet => {
            // nothing in a stylesheet may end the element it is inlined in
            const css = readFileSync(join(dir, f), 'utf8').replace(/<\/style/gi, '<\\/style')
            return { href: `/assets/${f}`, css, classes: new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!)) }
          })
      : []
    found = { entry: all.filter((s) => indexHtml.includes(s.href)), lazy: all.filter((s) => !indexHtml.includes(s.href)) }
    sheets.set(dir, found)
  }
  return found
}

/**
 * The entry script and its modulepreloads at low fetch priority (issue 31), on a page whose first screen
 * is in the HTML: the page paints without them (they only hydrate it), so they must not compete with
 * the HTML on a slow link, and Lighthouse's simulation no longer counts them before the first paint
 * (it counts a script of High priority that finished before the browser painted). A page the browser
 * draws itself keeps them at the browser's default priority: there the scripts are the paint.
 */
export function withQuietScripts(html: string): string {
  return html
    .replace(/<script type="module"(?![^>]*\bfetchpriority=)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g, '<link rel="modulepreload" fetchpriority="low"')
}

/**
 * index.html with the rendered first screen inside <div id="root">, its scripts at low priority, and the styles it needs in the head
 * so that nothing blocks or shifts its first paint (issue 11):
 *  - the entry's stylesheet inlined in place of its <link> (8 kB raw, 2.5 kB compressed with the page):
 *    a render-blocking request fewer, ~170 ms of a phone's first paint on slow 4G (Lighthouse);
 *  - of the lazily loaded parts' stylesheets, those whose classes the rendered HTML uses: the browser
 *    would fetch them only with their script chunk, after painting the server's HTML, and the page
 *    would jump when they arrived. The others come with their chunks as usual.
 */
export function withRoot(html: string, rendered: string, styles?: Sheets): string {
  let page = withQuietScripts(html).replace('<div id="root"></div>', () => `<div id="root">${rendered}</div>`)
  if (!styles) return page
  for (const sheet of styles.entry) {
    page = page.replace(new RegExp(`<link rel="stylesheet"[^>]*href="${sheet.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`), () => `<style data-href="${sheet.href}">${sheet.css}</style>`)
  }
  const used = new Set([...rendered.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)))
  const lazy = styles.lazy.filter((sheet) => [...sheet.classes].some((c) => used.has(c)))
  return lazy.length ? page.replace('</head>', () => `<style data-lazy-styles>${lazy.map((s) => s.css).join('\n')}</style></head>`) : page
}
