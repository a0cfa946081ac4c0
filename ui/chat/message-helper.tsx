// /chat/message-helper (spec 001 §2, §7): a group admin or owner sends one message to every member of
// chosen groups, one-to-one (POST /api/group-chat/batch/one2one/v1). Only the groups they run are offered.
import { useState } from 'react'
import { TEXT_MAX_BYTES } from '../../core/chat/limits'
import { useSession } from '../common/session'
import { useRead } from '../common/use-read'
import { Empty, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { errorMessage } from '../../core/api/api-error'
import { t } from '../i18n/i18n'
import { useChatApi } from './api'
import '../i18n/texts/chat'

export function MessageHelperPage() {
  usePageTitle(t('chat.helperTitle'))
  const session = useSession()
  const api = useChatApi()
  const [chosen, setChosen] = useState<string[]>([])
  const [content, setContent] = useState('')
  const [outcome, setOutcome] = useState<string | null>(null)
  const signedIn = session.user !== null
  const book = useRead(signedIn ? api.addressBookRead() : null)
  if (!signedIn) return <Empty text={t('chat.loginToChat')} />
  if (book.status === 'loading') return <Loading />
  // only the groups the reader runs (Owner or Admin) are offered; a failed read offers none
  const groups = book.status === 'ready' ? book.data.groups.filter((g) => g.selfInfo.role !== 'Member') : []
  if (groups.length === 0) return <Empty text={t('chat.empty')} />
  const send = async () => {
    try {
      const r = await api.helperSend(chosen, content)
      setOutcome(t('chat.helperSent', { sent: r.sent, count: r.conversations }))
      setContent('')
    } catch (e) {
      setOutcome(t('chat.sendFailed', { message: errorMessage(e) }))
    }
  }
  return (
    <section data-testid="message-helper">
      <h1 style={{ fontSize: 18 }}>{t('chat.helperTitle')}</h1>
      <fieldset>
        <legend>{t('chat.helperGroups')}</legend>
        {groups.map((g) => (
          <label key={g.groupID} style={{ display: 'block' }}>
            <input
              type="checkbox"
              checked={chosen.includes(g.groupID)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, g.groupID] : c.filter((x) => x !== g.groupID)))}
            />
            {g.name}
          </label>
        ))}
      </fieldset>
      <label>
        {t('chat.helperContent')}
        <textarea value={content} maxLength={TEXT_MAX_BYTES} onChange={(e) => setContent(e.target.value)} style={{ display: 'block', width: '100%', minHeight: 100 }} />
      </label>
      <button type="button" disabled={chosen.length === 0 || content.trim() === ''} onClick={() => void send()}>
        {t('chat.helperSend')}
      </button>
      {outcome ? <p role="status">{outcome}</p> : null}
    </section>
  )
}
