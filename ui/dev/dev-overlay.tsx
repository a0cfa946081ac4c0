// With the dev tools on (ui/dev/inspector.ts): a 'machines' button on every page that opens the
// state-chart visualiser over the page, so the charts highlight the live state of every actor the
// page runs (they stay mounted underneath). Button and panel sit above every site dialog (the
// modal's backdrop is z-index 1000, the skip link 2000). /dev/machines shows the same visualiser as a page.
import { useState } from 'react'
import { MachinesPage } from './machines-page'

/** Above the site's own layers (modal 1000, toast 1100, skip link 2000). */
const TOP = 2_147_483_000

const button: React.CSSProperties = {
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: TOP + 1,
  padding: '6px 12px',
  border: '1px solid #999',
  borderRadius: 16,
  background: '#fff',
  font: '12px monospace',
  cursor: 'pointer',
}
const panel: React.CSSProperties = {
  position: 'fixed',
  inset: '4vh 2vw 7vh',
  zIndex: TOP,
  overflow: 'auto',
  background: '#fff',
  border: '1px solid #999',
  borderRadius: 8,
  boxShadow: '0 10px 40px rgba(0,0,0,.25)',
}

export function DevMachinesOverlay() {
  const [open, setOpen] = useState(false)
  return (
    <>
      {open ? (
        <div style={panel} role="dialog" aria-label="state machines">
          <MachinesPage />
        </div>
      ) : null}
      <button type="button" style={button} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? 'close machines' : 'machines'}
      </button>
    </>
  )
}
