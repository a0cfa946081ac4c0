// Dev builds only: a 'machines' button on every page that opens the state-chart visualiser over the
// page, so the charts highlight the live state of the actors this page is running (they stay
// mounted underneath). /dev/machines shows the same visualiser as a page of its own.
import { useState } from 'react'
import { MachinesPage } from './machines-page'

const button: React.CSSProperties = {
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: 1000,
  padding: '6px 12px',
  border: '1px solid #999',
  borderRadius: 16,
  background: '#fff',
  font: '12px monospace',
  cursor: 'pointer',
}
const panel: React.CSSProperties = {
  position: 'fixed',
  inset: '5vh 3vw',
  zIndex: 999,
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
