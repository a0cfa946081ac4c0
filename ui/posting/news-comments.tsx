// What the comment slots show (ui/posting/comment-slots.tsx): the comments under a news article, and the
// box that starts a discussion on a stock page (spec 000 §3 'Stock comment post': content, stocks; §7
// PUT /api/stock-comment/post). A stock post goes under review like any post: its author sees it at
// once, marked 审核中, with a link to its page.
import { useState } from 'react'
import { Link } from 'wouter'
import type { PublishedPost } from '../../core/api/posting'
import { commentContent } from '../../core/posting/comment-box'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { usePostingApi } from './api'
import { CommentBox, CommentSection } from './comments'
import '../i18n/texts/posting'

/** inside the article's own panel, below its body */
const below = { borderTop: `1px solid ${tokens.border}`, paddingTop: 20, marginTop: 28 } as const

export function NewsComments({ id }: { id: number }) {
  return (
    <div style={below}>
      <CommentSection source="news" refId={id} input={{ open: true }} />
    </div>
  )
}

export function StockDiscussionBox({ stockId }: { stockId: string }) {
  const calls = usePostingApi()
  const [mine, setMine] = useState<PublishedPost[]>([])
  return (
    <section aria-label={t('posting.stock.title')} data-testid="stock-discussion" style={{ marginBottom: 16 }}>
      <CommentBox
        label={t('posting.stock.placeholder')}
        onSubmit={async (text) => {
          const post = await calls.stockPost(stockId, commentContent(text))
          setMine((m) => [post, ...m])
        }}
      />
      {mine.length ? (
        <ul style={{ listStyle: 'none', margin: '12px 0 0', padding: 0 }} aria-label={t('posting.stock.mine')}>
          {mine.map((p) => (
            <li key={p.id} style={{ padding: '10px 0', borderBottom: `1px solid ${tokens.border}` }} data-testid="stock-post">
              <Link href={`/p/${p.id}`} style={{ color: tokens.text, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {p.content}
              </Link>
              {p.status !== 'approved' ? (
                <span style={{ marginLeft: 8, padding: '0 6px', borderRadius: 4, background: tokens.warnBg, color: tokens.warn, fontSize: 12 }}>{t('posting.status.reviewing')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
