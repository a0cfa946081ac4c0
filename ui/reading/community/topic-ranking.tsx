// A ranked list of topics (hot topics panel, /topics/popular).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { Topic } from '../../../core/api/reading-community'
import { formatBigNumber } from '../../../core/format/big-number'
import { Empty, Failed, Loading } from '../../common/status'
import { useServices } from '../../services'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/community'

const list = css`
  margin: 0; padding: 0; list-style: none;
  li { display: grid; grid-template-columns: 28px 1fr; gap: 8px; padding: 10px 0; border-bottom: 1px solid ${tokens.border}; }
  li:last-child { border-bottom: 0; }
  b { color: ${tokens.textMuted}; font-style: italic; }
  li:nth-child(-n + 3) b { color: ${tokens.brand}; }
  a { font-weight: 600; }
  small { display: block; margin-top: 4px; color: ${tokens.textMuted}; font-size: 12px; }
  p { margin: 4px 0 0; color: ${tokens.textSecondary}; font-size: 13px; }
`

export function TopicRanking({ topics, onRetry, withBrief = false }: { topics: readonly Topic[] | null | 'failed'; onRetry: () => void; withBrief?: boolean }) {
  const { lang } = useServices()
  if (topics === null) return <Loading rows={3} />
  if (topics === 'failed') return <Failed message={null} onRetry={onRetry} />
  if (topics.length === 0) return <Empty />
  return (
    <ol className={list} aria-label={t('community.hotTopics')}>
      {topics.map((topic, i) => (
        <li key={topic.topicId}>
          <b>{i + 1}</b>
          <div>
            <Link href={`/community/topics/${topic.topicId}`}>#{topic.topicName}#</Link>
            {withBrief ? <p>{topic.brief}</p> : null}
            <small>
              {t('community.topicReads', { n: formatBigNumber(topic.readCount, lang) })} · {t('community.topicPosts', { n: topic.postCount })}
            </small>
          </div>
        </li>
      ))}
    </ol>
  )
}
