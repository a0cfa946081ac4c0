// 收藏 and 分享 under a news item or an article (/news/{id}; issue 25). The favourite uses the spec's
// calls the post page uses (POST /api/favorite/v2, DELETE /api/favorite/{source}/{id}/v2) through the
// one toggle (a guest gets the login dialog; optimistic, rolled back with the server's message); its
// count and the reader's own state come from GET /api/favorite/news/{id}/v2, since the article's
// detail is the same for every reader. The news page shows this through its slot (ui/common/comment-slots.tsx).
import { useState } from 'react'
import { css } from '@linaria/core'
import type { ContentSource } from '../../core/api/posting'
import { useSession } from '../common/session'
import { ToggleButton } from '../common/toggle-button'
import { useLoad } from '../common/use-load'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { usePostingApi } from './api'
import { ShareButton } from './share-button'
import '../i18n/texts/posting'

const tools = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  margin-top: 20px;
  p[role='alert'] { margin: 0; font-size: 13px; }
`

function Favorite({ source, id, initial }: { source: ContentSource; id: number; initial: { favorited: boolean; favCount: number } }) {
  const calls = usePostingApi()
  const [count, setCount] = useState(initial.favCount)
  return (
    <ToggleButton
      on={initial.favorited}
      save={async (on) => {
        const r = await calls.favorite(source, id, on)
        setCount(r.favCount)
        return { on: r.favorited }
      }}
      label={(on) => t(on ? 'posting.post.favorited' : 'posting.post.favorite', { n: count })}
      className={(on) => (on ? `${pill} ${primary}` : pill)}
      testId="news-favorite"
    />
  )
}

export function NewsTools({ id }: { id: number }) {
  const calls = usePostingApi()
  const userId = useSession().user?.id ?? 0
  const state = useLoad(() => calls.favoriteState('news', id), `${id}:${userId}`)
  return (
    <div className={tools} role="group" aria-label={t('posting.post.tools')} data-testid="news-tools">
      {state.status === 'ready' ? (
        // a new reader or a new answer starts the button afresh (its count is the server's)
        <Favorite key={`${id}:${userId}:${String(state.data.favorited)}:${state.data.favCount}`} source="news" id={id} initial={state.data} />
      ) : null}
      <ShareButton source="news" id={id} />
    </div>
  )
}
