// /chat/message-helper (spec 001 §2, §7): a group admin or owner sends one message to every member of
// chosen groups, one-to-one (POST /api/group-chat/batch/one2one/v1). Only the groups they run are offered.
import { useEffect, useState } from 'react'
import type { ResultOf } from '../../core/api/endpoint'
import type { addressBook } from '../../core/api/chat'
import { TEXT_MAX_BYTES } from '../../core/chat/limits'
import { useSession } from '../common/session'
import { Empty, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { t } from '../i18n/i18n'
import { useChatApi } from './api'
import '../i18n/texts/chat'

type Group = ResultOf<typeof addressBook>['groups'][number]

export function MessageHelperPage() {
  usePageTitle(t('chat.helperTitle'))
  const session = useSession()
  const api = useChatApi()
  const [groups, setGroups] = useState<Group[] | null>(null)
  const [chosen, setChosen] = useState<string[]>([])
  const [content, setContent] = useState('')
  const [outcome, setOutcome] = useState<string | null>(null)
  const signedIn = session.user !== null
  useEffect(() => {
    if (!signedIn) return
    api.addressBook('').then(
      (b) => setGroups(b.groups.filter((g) => g.selfInfo.role !== 'Member')),
      () => setGroups([]),
    )
  }, [api, signedIn])
  if (!signedIn) return <Empty text={t('chat.loginToChat')} />
  if (groups === null) return <Loading />
  if (groups.length === 0) return <Empty text={t('chat.empty')} />
  const send = async () => {
    try {
      const r = await api.helperSend(chosen, content)
      setOutcome(t('chat.helperSent', { sent: r.sent, count: r.conversations }))
      setContent('')
    } catch (e) {
      setOutcome(t('chat.sendFailed', { message: e instanceof Error ? e.message : String(e) }))
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
