// The console's shared pieces (issue 29; issue 26: one copy for every area): the filters' toolbar, the
// table, a form's grid and its labelled rows, the summary boxes, messages, numbered pages, a button asked
// about first, the picker of the circle or course a page manages, and a list page's shape (its paging and
// keyword, search box, choice filter, the read's states around the rows, its table, a row's title cell). Every console area imports them from
// here; an area's own pieces (live's status badge, data's period picker…) stay in its parts.tsx. Styled
// like the console's frame (ui/circle-admin/console-frame.tsx).
import { useId, useState, type ReactNode } from 'react'
import { css } from '@linaria/core'
import { useLocation, useSearch } from 'wouter'
import { parseRouteId } from '../../core/validation/route-id'
import { Modal } from '../common/modal'
import { Img } from '../common/img'
import { normaliseError } from '../../core/api/api-error'
import { Empty, Failed, Loading } from '../common/status'
import { useInvalidate, type ReadResult } from '../common/use-read'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { choiceGroup, field, fileButton, smallButton } from '../styles/controls'
import { tokens } from '../styles/tokens'
import '../i18n/texts/circleAdmin'

/** A muted note above a console list or form (what a page does, why a control is missing). */
export const hint = css`
  margin: 0 0 12px;
  color: ${tokens.textMuted};
  font-size: 13px;
`

export const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  margin-bottom: 16px;
  input[type='search'] {
    width: 220px;
  }
  .export {
    margin-left: auto;
    display: inline-flex;
    align-items: center;
    text-decoration: none;
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
  td.num {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
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
  .buyer {
    display: flex;
    gap: 8px;
    align-items: center;
  }
  .buyer img {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    object-fit: cover;
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

/** A detail page's line under its title: the thing's status and facts, then its links, the last one at the right. */
export const detailHead = css`
  display: flex;
  gap: 10px;
  align-items: center;
  margin: -4px 0 16px;
  color: ${tokens.textSecondary};
  font-size: 13px;
  a:last-child {
    margin-left: auto;
  }
`

/** A page's tabs (a community's or a live room's, qa's two lists): a strip of tab buttons under the heading. */
export const tabStrip = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-bottom: 20px;
  border-bottom: 1px solid ${tokens.border};
  [role='tab'] {
    padding: 10px 14px;
    border: 0;
    border-bottom: 2px solid transparent;
    background: none;
    color: ${tokens.textSecondary};
    font: inherit;
    font-size: 14px;
    cursor: pointer;
  }
  [role='tab'][aria-selected='true'] {
    border-bottom-color: ${tokens.brand};
    color: ${tokens.brand};
    font-weight: 600;
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

/** A page's summary figures: one box a figure, the number over its label. */
export function StatBoxes({ stats, testId }: { stats: readonly (readonly [label: string, value: ReactNode])[]; testId: string }) {
  return (
    <ul className={statBoxes} data-testid={testId}>
      {stats.map(([label, value]) => (
        <li key={label}>
          <strong>{value}</strong>
          <span>{label}</span>
        </li>
      ))}
    </ul>
  )
}

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
  white-space: nowrap;
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
  &[data-tone='success'] {
    background: ${tokens.successTint};
    color: ${tokens.success};
  }
  &[data-tone='info'] {
    background: ${tokens.infoBg};
    color: ${tokens.link};
  }
  &[data-tone='warn'] {
    background: ${tokens.warnBg};
    color: ${tokens.warn};
  }
  &[data-tone='danger'] {
    background: ${tokens.warnBg};
    color: ${tokens.important};
  }
  &[data-tone='undone'] {
    background: ${tokens.brandTint};
    color: ${tokens.important};
  }
  &[data-tone='live'] {
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
`

export type BadgeTone = 'success' | 'info' | 'warn' | 'danger' | 'undone' | 'live'

/** A status as a small coloured label (a review, a delivery, a live room); `status` is kept as data-status. */
export function Badge({ tone, status, testId, children }: { tone: BadgeTone | undefined; status: string; testId: string; children: ReactNode }) {
  return (
    <span className={badge} data-tone={tone} data-status={status} data-testid={testId}>
      {children}
    </span>
  )
}

/**
 * A console form: its grid of labelled rows (Row, ImageRow); submitting calls `onSubmit` without the
 * browser's own checks, since the page shows the spec's messages beside the fields.
 */
export function ConsoleForm({ onSubmit, testId, children }: { onSubmit: () => void; testId?: string; children: ReactNode }) {
  return (
    <form
      className={formGrid}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
      data-testid={testId}
    >
      {children}
    </form>
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

/** An image field of a form: its preview and a styled file button; `onPick` gets the chosen file. */
export function ImageRow({ label, image, error, hint, uploading, buttonText, onPick, testId }: { label: string; image: string; error?: string | undefined; hint?: string; uploading: boolean; buttonText: string; onPick: (file: File) => void; testId: string }) {
  return (
    <Row label={label} error={error} hint={hint}>
      {(fid) => (
        <div className="cover">
          {image ? <img src={image} alt={label} data-testid={`${testId}-preview`} /> : null}
          <label className={fileButton} htmlFor={fid} data-disabled={uploading}>
            {buttonText}
            <input
              id={fid}
              type="file"
              accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
              disabled={uploading}
              data-testid={testId}
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) onPick(file)
                e.target.value = ''
              }}
            />
          </label>
        </div>
      )}
    </Row>
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
  const where = t('circleAdmin.pager.page', { page, pages, total })
  return (
    <nav className={pager} aria-label={where} data-testid="console-pager">
      <span>{where}</span>
      <button type="button" className={smallButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('circleAdmin.pager.prev')}
      </button>
      <button type="button" className={smallButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('circleAdmin.pager.next')}
      </button>
    </nav>
  )
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
                {t('circleAdmin.cancel')}
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
                {t('circleAdmin.confirm')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  )
}

const picker = css`
  display: flex;
  gap: 10px;
  align-items: center;
  margin-bottom: 16px;
  font-size: 13px;
  color: ${tokens.textSecondary};
  select {
    min-width: 240px;
  }
`

/** An id kept in the address's query (?circleId=, ?courseId=; 0: none chosen). */
export function useIdParam(name: string): number {
  return parseRouteId(new URLSearchParams(useSearch()).get(name) ?? undefined) ?? 0
}

interface Managed {
  readonly id: number
  readonly name: string
}

/**
 * The circle or course a page manages: a picker of the reader's ones, kept in the address as ?<param>=
 * (so a link opens it); the page's body renders for the chosen one (the first when none is chosen yet).
 */
export function ManagedPicker<T extends Managed>({ state, param, label, none, testId, optionLabel = (item) => item.name, children }: { state: ReadResult<{ readonly list: readonly T[] }>; param: string; label: string; none: string; testId: string; optionLabel?: (item: T) => string; children: (item: T) => ReactNode }) {
  const [path, navigate] = useLocation()
  const chosen = useIdParam(param)
  if (state.status === 'loading') return <Loading rows={3} />
  if (state.status === 'failed') return <Failed message={state.message} onRetry={state.reload} />
  const list = state.data.list
  if (list.length === 0) return <p data-testid={`${testId}-none`}>{none}</p>
  const item = list.find((c) => c.id === chosen) ?? list[0]!
  return (
    <>
      <label className={picker}>
        {label}
        <select className={field} value={item.id} data-testid={testId} onChange={(e) => navigate(`${path}?${param}=${e.target.value}`, { replace: true })}>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {optionLabel(c)}
            </option>
          ))}
        </select>
      </label>
      {children(item)}
    </>
  )
}

/** A list page's page and filters: a changed filter goes back to page 1. */
export function useListFilters<F extends object>(initial: F) {
  const [page, setPage] = useState(1)
  const [filters, setFilters] = useState<F>(initial)
  const filter = (patch: Partial<F>) => {
    setPage(1)
    setFilters((f) => ({ ...f, ...patch }))
  }
  return { page, setPage, filters, filter }
}

/** A list page's page and keyword: a new keyword goes back to page 1. */
export function useListQuery() {
  const { page, setPage, filters, filter } = useListFilters({ keyword: '' })
  return { page, setPage, keyword: filters.keyword, search: (keyword: string) => filter({ keyword }) }
}

/** A search box that searches on submit; `children` (filters) stand before it in the toolbar, `actions` at its right end. */
export function SearchBox({ placeholder, onSearch, testId, children, actions }: { placeholder: string; onSearch: (keyword: string) => void; testId: string; children?: ReactNode; actions?: ReactNode }) {
  const [typed, setTyped] = useState('')
  return (
    <form
      className={toolbar}
      role="search"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(typed)
      }}
    >
      {children}
      <input type="search" className={field} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={placeholder} aria-label={placeholder} data-testid={testId} />
      <button type="submit" className={pill}>
        {t('circleAdmin.search')}
      </button>
      {actions ? (
        <>
          <span style={{ flex: 1 }} />
          {actions}
        </>
      ) : null}
    </form>
  )
}

/** One of a few values, or all of them (undefined), as a row of choices. */
export function ChoiceFilter<V extends string>({ name, options, value, onChange, label, testId, className = '' }: { name: string; options: readonly V[]; value: V | undefined; onChange: (value: V | undefined) => void; label: (value: V | undefined) => string; testId: string; className?: string }) {
  return (
    <fieldset className={`${choiceGroup} ${className}`} data-testid={testId}>
      {[undefined, ...options].map((v) => (
        <label key={v ?? ''}>
          <input type="radio" name={name} checked={value === v} onChange={() => onChange(v)} />
          {label(v)}
        </label>
      ))}
    </fieldset>
  )
}

/** One of some values, or all of them (''), as a select. */
export function SelectFilter<V extends string | number>({ label, all, value, options, onChange, testId }: { label: string; all: string; value: V | undefined; options: readonly { readonly value: V; readonly label: string }[]; onChange: (value: V | undefined) => void; testId: string }) {
  return (
    <select className={field} aria-label={label} value={value ?? ''} onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)?.value)} data-testid={testId}>
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}

interface ListPage<T> {
  readonly list: readonly T[]
  readonly total?: number | null | undefined
}

/**
 * A paged list read's states: loading, failed (with a retry), empty (its text), or its rows; then the
 * numbered pages. `rows` picks what the page shows of a ready page (all of it by default).
 */
export function ListStates<T>({ state, none, page, count, onPage, rows = (list) => list, children }: { state: ReadResult<ListPage<T>>; none: string; page: number; count: number; onPage: (page: number) => void; rows?: (list: readonly T[]) => readonly T[]; children: (rows: readonly T[]) => ReactNode }) {
  if (state.status === 'loading') return <Loading rows={3} />
  if (state.status === 'failed') return <Failed message={state.message} onRetry={state.reload} />
  const shown = rows(state.data.list)
  return (
    <>
      {shown.length === 0 ? <Empty text={none} /> : children(shown)}
      <Pager page={page} total={state.data.total ?? 0} count={count} onPage={onPage} />
    </>
  )
}

/**
 * A paged list read shown as the console's table: the read's states (ListStates), a head row of column
 * titles (none for a table without one) and `children(item)` for each row shown.
 */
export function ListTable<T>({ head, testId, className, children, ...states }: { state: ReadResult<ListPage<T>>; none: string; page: number; count: number; onPage: (page: number) => void; rows?: (list: readonly T[]) => readonly T[]; head?: readonly ReactNode[]; testId: string; className?: string; children: (item: T) => ReactNode }) {
  return (
    <ListStates {...states}>
      {(rows) => (
        <table className={className ? `${table} ${className}` : table} data-testid={testId}>
          {head ? (
            <thead>
              <tr>
                {head.map((title, i) => (
                  <th key={i}>{title}</th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>{rows.map(children)}</tbody>
        </table>
      )}
    </ListStates>
  )
}

/**
 * A write from a console page or tab: runs it, then reloads every read under the given key prefixes, so
 * the lists and headers that show what it changed follow. `busy` while it runs; its failure's message
 * goes to <WriteFailure>.
 */
export function useConsoleWrite(...reads: readonly string[]) {
  const invalidate = useInvalidate()
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (write: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true)
    setFailure(null)
    try {
      await write()
      for (const prefix of reads) invalidate(prefix)
      return true
    } catch (e) {
      setFailure(normaliseError(e).message)
      return false
    } finally {
      setBusy(false)
    }
  }
  return { run, failure, busy }
}

/** A console write's failure (useConsoleWrite's), shown above what it was about. */
export function WriteFailure({ text, testId }: { text: string | null; testId: string }) {
  return text ? (
    <p className={message} role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null
}

/** A row's first cell: the thing's picture, its name and a note under it. */
export function TitleCell({ image, name, note }: { image: string | null | undefined; name: ReactNode; note?: ReactNode }) {
  return (
    <div className="title">
      {image ? <Img src={image} alt="" width={64} height={36} /> : null}
      <div>
        <div>{name}</div>
        {note ? <div className="muted">{note}</div> : null}
      </div>
    </div>
  )
}
