// Pieces the console's live pages share: a toolbar of filters, a table, a form's rows, numbered pages,
// a status badge, a copy button. Styled like the console's frame (ui/circle-admin/console-frame.tsx).
import { useId, useState, type ReactNode } from 'react'
import { css } from '@linaria/core'
import type { LiveStatusName } from '../../../core/live/limits'
import { pill, primary } from '../../styles/buttons'
import { Modal } from '../../common/modal'
import { smallButton } from '../../styles/controls'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/circleAdminLive'

export const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  margin-bottom: 16px;
  input[type='search'] {
    width: 220px;
  }
`

export const table = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  th {
    text-align: left;
    font-weight: 600;
    color: ${tokens.textSecondary};
    background: ${tokens.bg};
    padding: 10px 12px;
    white-space: nowrap;
  }
  td {
    padding: 12px;
    border-bottom: 1px solid ${tokens.border};
    vertical-align: middle;
  }
  td.actions {
    white-space: nowrap;
  }
  td.actions > * + * {
    margin-left: 8px;
  }
  .title {
    display: flex;
    gap: 10px;
    align-items: center;
  }
  .title img {
    width: 64px;
    height: 36px;
    object-fit: cover;
    border-radius: 4px;
    background: ${tokens.bg};
  }
  .muted {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`

export const formGrid = css`
  display: grid;
  grid-template-columns: 120px minmax(0, 560px);
  gap: 16px 16px;
  align-items: start;
  > label,
  > .label {
    padding-top: 7px;
    color: ${tokens.textSecondary};
    font-size: 13px;
    text-align: right;
  }
  input[type='text'],
  input[type='datetime-local'],
  input[type='url'],
  textarea {
    width: 100%;
  }
  textarea {
    min-height: 96px;
    padding: 8px 10px;
    resize: vertical;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    font: inherit;
    font-size: 13px;
    box-sizing: border-box;
  }
  [role='alert'] {
    margin: 4px 0 0;
    color: ${tokens.important};
    font-size: 12px;
  }
  .hint {
    margin: 4px 0 0;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  .cover {
    display: flex;
    gap: 12px;
    align-items: center;
  }
  .cover img {
    width: 160px;
    height: 90px;
    object-fit: cover;
    border-radius: 6px;
    background: ${tokens.bg};
  }
  .submit {
    grid-column: 2;
    display: flex;
    gap: 10px;
    align-items: center;
  }
`

export const statBoxes = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 12px;
  margin: 0 0 20px;
  padding: 0;
  list-style: none;
  li {
    padding: 14px 16px;
    border-radius: 8px;
    background: ${tokens.bg};
  }
  strong {
    display: block;
    font-size: 22px;
    font-variant-numeric: tabular-nums;
  }
  span {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`

export const message = css`
  margin: 8px 0;
  color: ${tokens.important};
  font-size: 13px;
`
export const okMessage = css`
  margin: 8px 0;
  color: ${tokens.success};
  font-size: 13px;
`

const badge = css`
  display: inline-block;
  padding: 1px 8px;
  border-radius: 10px;
  font-size: 12px;
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
  white-space: nowrap;
  &[data-status='LIVE'] {
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
  &[data-status='RESERVATION'] {
    background: ${tokens.infoBg};
    color: ${tokens.link};
  }
  &[data-status='PAUSE'] {
    background: ${tokens.warnBg};
    color: ${tokens.warn};
  }
  &[data-status='PLAYBACK'] {
    background: ${tokens.successTint};
    color: ${tokens.success};
  }
`

export function StatusBadge({ status }: { status: LiveStatusName }) {
  return (
    <span className={badge} data-status={status} data-testid="live-status">
      {t(`circleAdminLive.status.${status}`)}
    </span>
  )
}

/** A labelled row of a form: the label is tied to the control by id. */
export function Row({ label, error, hint, children }: { label: string; error?: string | undefined; hint?: string | undefined; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div>
        {children(id)}
        {hint ? <p className="hint">{hint}</p> : null}
        {error ? <p role="alert">{error}</p> : null}
      </div>
    </>
  )
}

const pager = css`
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: flex-end;
  margin-top: 16px;
  color: ${tokens.textMuted};
  font-size: 13px;
`

/** Numbered pages: previous, next and where we are. */
export function Pager({ page, total, count, onPage }: { page: number; total: number; count: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / count))
  if (total <= count && page === 1) return null
  return (
    <nav className={pager} aria-label={t('circleAdminLive.pager.page', { page, pages, total })} data-testid="console-pager">
      <span>{t('circleAdminLive.pager.page', { page, pages, total })}</span>
      <button type="button" className={smallButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('circleAdminLive.pager.prev')}
      </button>
      <button type="button" className={smallButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('circleAdminLive.pager.next')}
      </button>
    </nav>
  )
}

const copyRow = css`
  display: flex;
  gap: 8px;
  align-items: center;
  code {
    flex: 1;
    min-width: 0;
    padding: 6px 10px;
    border-radius: 6px;
    background: ${tokens.bg};
    font-size: 12px;
    word-break: break-all;
  }
`

/** An address with a copy button (the push and play addresses of startSet). */
export function CopyField({ value, testId }: { value: string; testId: string }) {
  const [copied, setCopied] = useState(false)
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <div className={copyRow}>
      <code data-testid={testId}>{value}</code>
      <button type="button" className={pill} onClick={copy} data-testid={`${testId}-copy`}>
        {copied ? t('circleAdminLive.startSet.copied') : t('circleAdminLive.startSet.copy')}
      </button>
    </div>
  )
}

/** A seconds timestamp for an <input type="datetime-local"> in the reader's time zone, and back. */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
export function fromLocalInput(value: string): number | null {
  if (!value) return null
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null
}

const dialog = css`
  width: 400px;
  padding: 24px;
  border-radius: 8px;
  background: ${tokens.card};
  p {
    margin: 0 0 20px;
    line-height: 1.6;
    /* opened from a table cell that does not wrap: the question wraps inside the dialog */
    white-space: normal;
    text-align: left;
  }
  div {
    display: flex;
    gap: 10px;
    justify-content: flex-end;
  }
`

/** A button whose action is asked about first, in a small dialog (delete, end). */
export function ConfirmButton({ label, question, onConfirm, testId, className = smallButton, tone }: { label: string; question: string; onConfirm: () => void; testId: string; className?: string; tone?: 'danger' }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={className} data-tone={tone} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </button>
      {open ? (
        <Modal label={label} onEscape={() => setOpen(false)} testId={`${testId}-dialog`}>
          <div className={dialog}>
            <p>{question}</p>
            <div>
              <button type="button" className={pill} onClick={() => setOpen(false)}>
                {t('circleAdminLive.cancel')}
              </button>
              <button
                type="button"
                className={`${pill} ${primary}`}
                data-testid={`${testId}-confirm`}
                onClick={() => {
                  setOpen(false)
                  onConfirm()
                }}
              >
                {t('circleAdminLive.confirm')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  )
}
