// The conversation view's tools (spec 001 §3, §4, §6, §7): pin the conversation, its notification
// option (0 notify, 2 muted), and for a group's owner or admins mute all and importing or removing
// members by spreadsheet; the member list's mute duration (hours, −1 for ever). Who sees a tool is
// asked of core/chat/permissions, the same rules the server enforces.
import { useEffect, useState } from 'react'
import { css } from '@linaria/core'
import type { Conversation, MessagingClient } from '../../core/chat/messaging-port'
import { canMuteAll, type ChatMember } from '../../core/chat/permissions'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useChatApi } from './api'
import '../i18n/texts/chat'

/** Outlined buttons (and labels holding a visually hidden file input), shared with the composer. */
export const chatButtons = css`
  button,
  label {
    padding: 2px 8px;
    border: 1px solid ${tokens.border};
    border-radius: ${tokens.radius};
    background: ${tokens.card};
    color: ${tokens.text};
    font-size: 12px;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${tokens.brand};
    color: ${tokens.brand};
  }
  input[type='file'] {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`
const bar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: 0 12px 8px;
  font-size: 12px;
`
const SPREADSHEET_TYPES = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

function SpreadsheetPicker({ label, disabled, testId, onFile }: { label: string; disabled: boolean; testId: string; onFile: (file: File) => void }) {
  return (
    <label>
      {label}
      <input
        type="file"
        accept={SPREADSHEET_TYPES}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onFile(file)
        }}
      />
    </label>
  )
}
const note = css`
  color: ${tokens.textMuted};
`

/** spec 001 §7 'Group mute default duration -1': the durations offered, in hours; −1 is for ever. */
export const MUTE_HOURS = [1, 24, 24 * 7, -1] as const
export const muteHoursLabel = (hours: number) => (hours === -1 ? t('chat.muteForever') : hours < 24 ? t('chat.muteHours', { hours }) : t('chat.muteDays', { days: hours / 24 }))

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function ConversationTools({
  client,
  conversationId,
  conversation,
  groupId,
  me,
  onError,
}: {
  client: MessagingClient
  conversationId: string
  conversation: Conversation | undefined
  groupId: string | null
  me: ChatMember
  onError: (message: string | null) => void
}) {
  const api = useChatApi()
  const pinned = conversation?.isPinned ?? false
  const quiet = conversation?.messageRemindType === 'AcceptNotNotify'
  const admin = groupId !== null && canMuteAll(me)
  const [muteAll, setMuteAll] = useState<boolean | null>(null)
  const [imported, setImported] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!admin || groupId === null) return
    let live = true
    api.groupDetail(groupId).then(
      (g) => live && setMuteAll(g.muteAllMember),
      () => live && setMuteAll(null),
    )
    return () => {
      live = false
    }
  }, [api, admin, groupId])

  const run = async (f: () => Promise<unknown>) => {
    onError(null)
    setBusy(true)
    try {
      await f()
    } catch (e) {
      onError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  const importFile = (file: File, remove: boolean) =>
    run(async () => {
      setImported(null)
      const r = await api.importMembers(groupId!, file, remove)
      setImported(t(remove ? 'chat.importRemoved' : 'chat.importJoined', { changed: r.userIds.length, unchanged: r.unchanged.length, notFound: r.notFound.length }))
    })

  return (
    <div className={`${bar} ${chatButtons}`} data-testid="conversation-tools">
      <button type="button" aria-pressed={pinned} disabled={busy || !conversation} onClick={() => void run(() => client.pinConversation(conversationId, !pinned))} data-testid="conversation-pin">
        {pinned ? t('chat.unpin') : t('chat.pin')}
      </button>
      {/* spec 001 §7: receive-message-opt, 2 muted, 0 notify */}
      <button type="button" aria-pressed={quiet} disabled={busy || !conversation} onClick={() => void run(() => api.receiveOpt(conversationId, !quiet))} data-testid="conversation-notify">
        {quiet ? t('chat.unmute') : t('chat.mute')}
      </button>
      {admin && muteAll !== null ? (
        <button
          type="button"
          aria-pressed={muteAll}
          disabled={busy}
          onClick={() => void run(async () => setMuteAll((await api.muteAll(groupId, !muteAll)).muteAllMember))}
          data-testid="group-mute-all"
        >
          {muteAll ? t('chat.muteAllOff') : t('chat.muteAllOn')}
        </button>
      ) : null}
      {admin ? (
        <>
          <SpreadsheetPicker label={t('chat.importJoin')} disabled={busy} testId="group-import-join" onFile={(file) => void importFile(file, false)} />
          <SpreadsheetPicker label={t('chat.importRemove')} disabled={busy} testId="group-import-remove" onFile={(file) => void importFile(file, true)} />
          <span className={note}>{t('chat.importHint')}</span>
        </>
      ) : null}
      {imported ? (
        <span role="status" data-testid="group-import-result">
          {imported}
        </span>
      ) : null}
    </div>
  )
}
