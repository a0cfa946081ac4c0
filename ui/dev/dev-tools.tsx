// The visualiser's way onto a page (ui/main.tsx loads this chunk only when the dev tools are on:
// `npm run dev`, or `npm start` in local mode on loopback — ui/dev/inspector.ts devToolsEnabled).
// It draws in its own root outside the app's, so the server-rendered page hydrates as it was sent,
// and its button and panel sit above every site dialog.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { DevMachinesOverlay } from './dev-overlay'
import { MachinesPage } from './machines-page'

/** The 'machines' button on every page, in a root of its own at the end of <body>. */
export function mountOverlay(): void {
  const host = document.createElement('div')
  host.id = 'gmh-dev-tools'
  document.body.append(host)
  createRoot(host).render(
    <StrictMode>
      <DevMachinesOverlay />
    </StrictMode>,
  )
}

/** /dev/machines as a page of its own, in place of the app. */
export function mountMachinesPage(container: HTMLElement): void {
  container.replaceChildren()
  createRoot(container).render(
    <StrictMode>
      <MachinesPage />
    </StrictMode>,
  )
}
