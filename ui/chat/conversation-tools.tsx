// The conversation view's tools (spec 001 §3, §4, §6, §7): pin the conversation, its notification
// option (0 notify, 2 muted), and for a group's owner or admins mute all and importing or removing
// members by spreadsheet; the member list's mute duration (hours, −1 for ever). The conversation and
// member-list machines decide who gets a tool (core/chat/permissions, the rules the server enforces) and
// run it; this view renders their state and sends their events.
import { css } from '@linaria/core'
import { useSelector } from '@xstate/react'
import type { Conversation } from '../../core/chat/messaging-port'
import type { ConversationActor } from '../../core/chat/conversation.machine'
import { selectRunsGroup, type GroupMembersActor } from '../../core/chat/group-members.machine'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import '../i18n/texts/chat'
import { outlineLook } from '../styles/looks'

/** Outlined buttons (and labels holding a visually hidden file input), shared with the composer. */
export const chatButtons = css`
  button,
  label {
    padding: 2px 8px;
    ${outlineLook(tokens.radius, tokens.text)}
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

/** The conversation's tools: pin and notifications for anyone; mute all and the spreadsheet import for the group's Owner or Admins. */
export function ConversationTools({ conversation, members, listed }: { conversation: ConversationActor; members: GroupMembersActor | undefined; listed: Conversation | undefined }) {
  const pinned = listed?.isPinned ?? false
  const quiet = listed?.messageRemindType === 'AcceptNotNotify'
  const busy = useSelector(conversation, (s) => s.matches({ operation: 'working' }))
  return (
    <div className={`${bar} ${chatButtons}`} data-testid="conversation-tools">
      <button type="button" aria-pressed={pinned} disabled={busy || !listed} onClick={() => conversation.send({ type: 'conversation.pin', pinned: !pinned })} data-testid="conversation-pin">
        {pinned ? t('chat.unpin') : t('chat.pin')}
      </button>
      {/* spec 001 §7: receive-message-opt, 2 muted, 0 notify */}
      <button type="button" aria-pressed={quiet} disabled={busy || !listed} onClick={() => conversation.send({ type: 'conversation.notify', muted: !quiet })} data-testid="conversation-notify">
        {quiet ? t('chat.unmute') : t('chat.mute')}
      </button>
      {members !== undefined ? <GroupTools members={members} /> : null}
    </div>
  )
}

function GroupTools({ members }: { members: GroupMembersActor }) {
  const runsGroup = useSelector(members, selectRunsGroup)
  const muteAll = useSelector(members, (s) => s.context.muteAll)
  const busy = useSelector(members, (s) => s.matches({ operation: 'working' }))
  const imported = useSelector(members, (s) => s.context.imported)
  if (!runsGroup) return null
  return (
    <>
      {muteAll !== null ? (
        <button type="button" aria-pressed={muteAll} disabled={busy} onClick={() => members.send({ type: 'group.muteAll' })} data-testid="group-mute-all">
          {muteAll ? t('chat.muteAllOff') : t('chat.muteAllOn')}
        </button>
      ) : null}
      <SpreadsheetPicker label={t('chat.importJoin')} disabled={busy} testId="group-import-join" onFile={(file) => members.send({ type: 'group.import', file, remove: false })} />
      <SpreadsheetPicker label={t('chat.importRemove')} disabled={busy} testId="group-import-remove" onFile={(file) => members.send({ type: 'group.import', file, remove: true })} />
      <span className={note}>{t('chat.importHint')}</span>
      {imported ? (
        <span role="status" data-testid="group-import-result">
          {t(imported.remove ? 'chat.importRemoved' : 'chat.importJoined', { changed: imported.changed, unchanged: imported.unchanged, notFound: imported.notFound })}
        </span>
      ) : null}
    </>
  )
}
