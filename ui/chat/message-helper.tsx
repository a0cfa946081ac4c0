// /chat/message-helper (spec 001 §2, §7): a group admin or owner sends one message to every member of
// chosen groups, one-to-one (POST /api/group-chat/batch/one2one/v1). Only the groups they run are offered.
import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { TEXT_MAX_BYTES } from '../../core/chat/limits'
import { useSession } from '../common/session'
import { useRead } from '../common/use-read'
import { Empty, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { field } from '../styles/controls'
import { messageHelperLogic, useChatApi } from './api'
import { inspect } from '../dev/inspector'
import '../i18n/texts/chat'

export function MessageHelperPage() {
  usePageTitle(t('chat.helperTitle'))
  const session = useSession()
  const api = useChatApi()
  const signedIn = session.user !== null
  const book = useRead(signedIn ? api.addressBookRead() : null)
  if (!signedIn) return <Empty text={t('chat.loginToChat')} />
  if (book.status === 'loading') return <Loading />
  // only the groups the reader runs (Owner or Admin) are offered; a failed read offers none
  const groups = book.status === 'ready' ? book.data.groups.filter((g) => g.selfInfo.role !== 'Member') : []
  if (groups.length === 0) return <Empty text={t('chat.empty')} />
  return <HelperForm groups={groups} />
}

/** The form: the message helper machine (core/chat/message-helper.machine.ts) decides when it may send and what came of it. */
function HelperForm({ groups }: { groups: readonly { groupID: string; name: string }[] }) {
  const api = useChatApi()
  const logic = useMemo(() => messageHelperLogic(api), [api])
  const actor = useActorRef(logic, { inspect })
  const chosen = useSelector(actor, (s) => s.context.chosen)
  const content = useSelector(actor, (s) => s.context.content)
  const outcome = useSelector(actor, (s) => s.context.outcome)
  const maySend = useSelector(actor, (s) => s.can({ type: 'helper.send' }))
  return (
    <section data-testid="message-helper">
      <h1 style={{ fontSize: 18 }}>{t('chat.helperTitle')}</h1>
      <fieldset>
        <legend>{t('chat.helperGroups')}</legend>
        {groups.map((g) => (
          <label key={g.groupID} style={{ display: 'block' }}>
            <input type="checkbox" checked={chosen.includes(g.groupID)} onChange={() => actor.send({ type: 'group.toggle', groupId: g.groupID })} />
            {g.name}
          </label>
        ))}
      </fieldset>
      <label>
        {t('chat.helperContent')}
        <textarea
          value={content}
          maxLength={TEXT_MAX_BYTES}
          onChange={(e) => actor.send({ type: 'content.change', content: e.target.value })}
          className={field}
          style={{ display: 'block', width: '100%', minHeight: 100 }}
        />
      </label>
      <button type="button" className={`${pill} ${primary}`} disabled={!maySend} onClick={() => actor.send({ type: 'helper.send' })}>
        {t('chat.helperSend')}
      </button>
      {outcome ? (
        <p role="status">{outcome.kind === 'sent' ? t('chat.helperSent', { sent: outcome.sent, count: outcome.conversations }) : t('chat.sendFailed', { message: outcome.message })}</p>
      ) : null}
    </section>
  )
}
