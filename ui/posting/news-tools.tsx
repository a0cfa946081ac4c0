// 收藏 and 分享 under a news item or an article (/news/{id}; issue 25). The favourite uses the spec's
// calls the post page uses (POST /api/favorite/v2, DELETE /api/favorite/{source}/{id}/v2) through the
// one toggle (a guest gets the login dialog; optimistic, rolled back with the server's message); its
// count and the reader's own state come from GET /api/favorite/news/{id}/v2, since the article's
// detail is the same for every reader. The news page shows this through its slot (ui/common/comment-slots.tsx).
import { css } from '@linaria/core'
import { useSession } from '../common/session'
import { ToggleButton } from '../common/toggle-button'
import { useQueryCache, useRead } from '../common/use-read'
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

export function NewsTools({ id }: { id: number }) {
  const calls = usePostingApi()
  const cache = useQueryCache()
  const userId = useSession().user?.id ?? null
  const read = calls.favoriteState('news', id, userId)
  const state = useRead(read)
  return (
    <div className={tools} role="group" aria-label={t('posting.post.tools')} data-testid="news-tools">
      {state.status === 'ready' ? (
        <ToggleButton
          on={state.data.favorited}
          save={async (on) => {
            const saved = await calls.favorite('news', id, on)
            cache.set(read.key, saved) // the count the write answered, shown at once
            return { on: saved.favorited }
          }}
          label={(on) => t(on ? 'posting.post.favorited' : 'posting.post.favorite', { n: state.data.favCount })}
          className={(on) => (on ? `${pill} ${primary}` : pill)}
          testId="news-favorite"
        />
      ) : null}
      <ShareButton source="news" id={id} />
    </div>
  )
}
