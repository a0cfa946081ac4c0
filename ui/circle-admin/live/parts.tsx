// The live pages' own pieces: the room's status badge, the filter by live column, a copy button for an
// address, the forms' cover upload, and the datetime-local conversions. The table, toolbar, form grid, pager and confirm button are the console's
// (ui/circle-admin/parts.tsx).
import { useState } from 'react'
import { css } from '@linaria/core'
import { normaliseError } from '../../../core/api/api-error'
import type { LiveStatusName } from '../../../core/live/limits'
import type { ReadResult } from '../../common/use-read'
import { pill } from '../../styles/buttons'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { Badge, SelectFilter, type BadgeTone } from '../parts'
import { useLiveAdminApi } from './api'
import '../../i18n/texts/circleAdminLive'
import '../../i18n/texts/liveRoom'

const STATUS_TONES: Partial<Record<LiveStatusName, BadgeTone>> = { LIVE: 'live', RESERVATION: 'info', PAUSE: 'warn', PLAYBACK: 'success' }

export function StatusBadge({ status }: { status: LiveStatusName }) {
  return (
    <Badge tone={STATUS_TONES[status]} status={status} testId="live-status">
      {t(`liveRoom.statusNames.${status}`)}
    </Badge>
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

/** The reader's live columns as a filter (all of them: undefined). */
export function ColumnFilter({ columns, value, onChange, testId }: { columns: ReadResult<{ readonly list: readonly { readonly id: number; readonly name: string }[] }>; value: number | undefined; onChange: (id: number | undefined) => void; testId: string }) {
  return (
    <SelectFilter
      label={t('circleAdminLive.rooms.column')}
      all={t('circleAdminLive.rooms.allColumns')}
      value={value}
      options={columns.status === 'ready' ? columns.data.list.map((c) => ({ value: c.id, label: c.name })) : []}
      onChange={onChange}
      testId={testId}
    />
  )
}

/**
 * A live form's cover picture (a column's or a room's): uploads the picked file; `uploading` until it is
 * up, then `onUrl` gets its address, or `onError` the message to show beside the field.
 */
export function useCoverUpload(onUrl: (url: string) => void, onError: (message: string) => void) {
  const api = useLiveAdminApi()
  const [uploading, setUploading] = useState(false)
  const upload = (file: File) => {
    setUploading(true)
    api.uploadCover(file).then(
      (url) => {
        onUrl(url)
        setUploading(false)
      },
      (e: unknown) => {
        onError(normaliseError(e).message)
        setUploading(false)
      },
    )
  }
  return { uploading, upload }
}
