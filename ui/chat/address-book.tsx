// /chat/address-book/{itemId?} (spec 001 §2): a search box (substring filter on name) and two collapsible
// sections, groups and friends; an empty section shows 暂无数据. Member counts show only for groups
// where the reader is Owner or Admin (spec 001 §6; the server leaves them out otherwise).
import { useState } from 'react'
import { Link } from 'wouter'
import { useSession } from '../common/session'
import { useRead } from '../common/use-read'
import { Empty, Failed, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { t } from '../i18n/i18n'
import { useChatApi } from './api'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'
import { field } from '../styles/controls'
import '../i18n/texts/chat'
import { cardLook } from '../styles/looks'

const bookCard = css`
  max-width: 720px;
  margin: 0 auto;
  padding: 24px;
  ${cardLook}
  h1 {
    margin: 0 0 12px;
    font-size: 18px;
  }
  input[type='search'] {
    width: 100%;
    height: 36px;
    margin-bottom: 12px;
  }
  details {
    border-top: 1px solid ${tokens.border};
    padding: 8px 0;
  }
  summary {
    padding: 4px 0;
    font-weight: 600;
    cursor: pointer;
  }
  ul {
    list-style: none;
    margin: 4px 0 0;
    padding: 0;
  }
  li {
    padding: 8px 4px;
    border-bottom: 1px solid ${tokens.border};
    color: ${tokens.textMuted};
    font-size: 13px;
  }
  li a {
    margin-right: 6px;
    color: ${tokens.text};
    font-size: 14px;
  }
  p {
    margin: 8px 4px;
    color: ${tokens.textMuted};
  }
`

export function AddressBookPage() {
  usePageTitle(t('chat.addressBook'))
  const session = useSession()
  const api = useChatApi()
  const [keyword, setKeyword] = useState('')
  const signedIn = session.user !== null
  const read = useRead(signedIn ? api.addressBookRead() : null)
  if (!signedIn) return <Empty text={t('chat.loginToChat')} />
  if (read.status === 'failed') return <Failed message={read.message} onRetry={read.reload} />
  if (read.status !== 'ready') return <Loading />
  const book = read.data
  const match = (s: string) => s.includes(keyword.trim())
  const groups = book.groups.filter((g) => match(g.name))
  const friends = book.friends.filter((f) => match(f.nick))
  return (
    <section className={bookCard} data-testid="address-book">
      <h1>{t('chat.addressBook')}</h1>
      <input className={field} type="search" aria-label={t('chat.search')} placeholder={t('chat.search')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <details open data-testid="address-groups">
        <summary>{t('chat.groups')}</summary>
        {groups.length === 0 ? (
          <p>{t('chat.empty')}</p>
        ) : (
          <ul>
            {groups.map((g) => (
              <li key={g.groupID}>
                <Link href={`/chat/conversation/${encodeURIComponent(`GROUP${g.groupID}`)}`}>{g.name}</Link>
                {g.memberCount !== null ? ` (${t('chat.memberCount', { count: g.memberCount })})` : ''}
              </li>
            ))}
          </ul>
        )}
      </details>
      <details open data-testid="address-friends">
        <summary>{t('chat.friends')}</summary>
        {friends.length === 0 ? (
          <p>{t('chat.empty')}</p>
        ) : (
          <ul>
            {friends.map((f) => (
              <li key={f.userId}>
                <Link href={`/chat/conversation/${encodeURIComponent(`C2C${f.userId}`)}`}>{f.nick}</Link>
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  )
}
