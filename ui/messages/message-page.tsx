// /message (spec 000 §2, 001 §2 / §7 'Messages'): the message lists by sourceType (interaction,
// notification) and type, chosen by the query (/message?sourceType=…&type=…) the bell panel links to.
// Opening a list reads it (issue 25); the bell then shows what is left (ui/messages/api.ts).
import { Link, useSearch } from 'wouter'
import { css } from '@linaria/core'
import { INTERACTION_TYPES, NOTIFICATION_TYPES, type InteractionType, type MessageItem, type NotificationType } from '../../core/api/messages'
import { formatDateTime } from '../../core/format/date-time'
import { My } from '../common/my-layout'
import { ListFooter } from '../content/article-list'
import { usePageTitle } from '../common/page-title'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useMessagesApi, type MessageChoice } from './api'
import { useSessionActor } from '../common/session'
import '../i18n/texts/messages'
import { usePages } from '../common/use-read'

type Choice = MessageChoice

/** The query's choice when it names a known source type and type; the first interaction list otherwise. */
export function choiceOf(search: string): Choice {
  const q = new URLSearchParams(search)
  const sourceType = q.get('sourceType')
  const type = q.get('type') ?? ''
  if (sourceType === 'notification') return { sourceType, type: (NOTIFICATION_TYPES as readonly string[]).includes(type) ? (type as NotificationType) : NOTIFICATION_TYPES[0] }
  return { sourceType: 'interaction', type: (INTERACTION_TYPES as readonly string[]).includes(type) ? (type as InteractionType) : INTERACTION_TYPES[0] }
}

const tabs = css`
  display: flex;
  gap: 6px;
  flex-wrap: wrap;
  margin: 8px 0 4px;
  a { padding: 4px 12px; border-radius: 14px; border: 1px solid ${tokens.border}; color: ${tokens.text}; font-size: 14px; }
  a[aria-current='page'] { background: ${tokens.brand}; border-color: ${tokens.brand}; color: ${tokens.onBrand}; }
`
const list = css`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  li { padding: 12px 0; border-bottom: 1px solid ${tokens.border}; }
  li[data-read='false'] { background: ${tokens.infoBg}; }
  .who { font-weight: 600; margin-right: 6px; }
  .subject { display: block; margin-top: 4px; color: ${tokens.textSecondary}; font-size: 13px; }
  time { display: block; margin-top: 4px; color: ${tokens.textMuted}; font-size: 12px; }
`

function MessageList({ choice }: { choice: Choice }) {
  const calls = useMessagesApi()
  const session = useSessionActor()
  const paged = usePages<MessageItem>({
    key: { endpoint: 'messages.list', query: { choice: JSON.stringify(choice) } },
    loadPage: ({ last }) => calls.open(session, choice, last?.createTimestamp),
    keyOf: (m) => m.id,
  })
  return (
    <>
      <ul className={list} aria-label={t(`messages.types.${choice.type}`)}>
        {paged.items.map((m) => (
          <li key={m.id} data-read={m.read} data-testid="message-item">
            {m.actor ? <Link className="who" href={`/user/${m.actor.id}`}>{m.actor.nick}</Link> : null}
            <span>{m.content}</span>
            {m.subject ? m.link ? <Link className="subject" href={m.link}>{m.subject}</Link> : <span className="subject">{m.subject}</span> : null}
            <time>{formatDateTime(m.createTimestamp)}</time>
          </li>
        ))}
      </ul>
      {paged.status === 'empty' ? <p style={{ color: tokens.textMuted, textAlign: 'center', padding: 24 }}>{t('messages.empty')}</p> : <ListFooter list={paged} />}
    </>
  )
}

export function MessagePage() {
  const choice = choiceOf(useSearch())
  usePageTitle(t('header.notifications'))
  const href = (sourceType: string, type: string) => `/message?sourceType=${sourceType}&type=${type}`
  return (
    <My>
      {() => (
        <>
          <h2>{t('header.notifications')}</h2>
          <nav className={tabs} aria-label={t('messages.sourceTypes')}>
            <Link href={href('interaction', INTERACTION_TYPES[0])} aria-current={choice.sourceType === 'interaction' ? 'page' : undefined}>{t('messages.interaction')}</Link>
            <Link href={href('notification', NOTIFICATION_TYPES[0])} aria-current={choice.sourceType === 'notification' ? 'page' : undefined}>{t('messages.notification')}</Link>
          </nav>
          <nav className={tabs} aria-label={t('messages.typesLabel')}>
            {(choice.sourceType === 'interaction' ? INTERACTION_TYPES : NOTIFICATION_TYPES).map((type) => (
              <Link key={type} href={href(choice.sourceType, type)} aria-current={choice.type === type ? 'page' : undefined}>
                {t(`messages.types.${type}`)}
              </Link>
            ))}
          </nav>
          <MessageList key={`${choice.sourceType}/${choice.type}`} choice={choice} />
        </>
      )}
    </My>
  )
}
