// community-admin/community-detail/{momentId} with the tabs announcement, comment, detail, post, privilege,
// qa (qa-answered, qa-unanswered), set-essence, set-preview, set-top, tags and user (spec 001 §2; issue 29).
// The community is read once here (GET /api/circle-admin/community/{momentId}/v1); each tab reads its own
// list and, after a write, every community read reloads (ui/circle-admin/community/parts.tsx).
import { Link, useLocation } from 'wouter'
import type { AdminCommunityDetail } from '../../../core/api/circle-admin-communities'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { COMMUNITY_PATHS, DETAIL_TABS, type DetailTab, type QaTab } from '../../../core/circle-admin/communities'
import { Tabs, tabId } from '../../common/tabs'
import { Empty, Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { ConsoleFrame } from '../console-frame'
import { detailHead, tabStrip } from '../parts'
import { useCommunityAdminApi } from './api'
import { AnnouncementTab, DetailInfoTab } from './info-tabs'
import { PostsTab, QaPanel } from './post-tabs'
import { CommentTab, MembersTab, TagsTab } from './people-tabs'
import '../../i18n/texts/circleAdminCommunity'

export function CommunityDetailPage({ momentId, tab, sub }: { momentId: number; tab: DetailTab; sub: QaTab }) {
  const api = useCommunityAdminApi()
  const community = useRead(api.detail(momentId))
  const [, navigate] = useLocation()
  const title = community.status === 'ready' ? t('circleAdminCommunity.detail.title', { name: community.data.name }) : t('circleAdminCommunity.detail.loadingTitle')
  return (
    <ConsoleFrame title={title} active="communityList">
      {community.status === 'loading' ? <Loading rows={3} /> : null}
      {community.status === 'failed' && community.statusCode === NOT_FOUND ? <Empty text={community.message ?? ''} /> : null}
      {community.status === 'failed' && community.statusCode !== NOT_FOUND ? <Failed message={community.message} onRetry={community.reload} /> : null}
      {community.status === 'ready' ? (
        <>
          <div className={detailHead}>
            <span>
              {t(`circleAdminCommunity.types.${community.data.type}`)} · {t(`circleAdminCommunity.roles.${community.data.role}`)}
            </span>
            <Link href={COMMUNITY_PATHS.list}>{t('circleAdminCommunity.detail.back')}</Link>
            <a href={`/chiefCircle/detail/${momentId}`} target="_blank" rel="noreferrer">
              {t('circleAdminCommunity.info.view')}
            </a>
          </div>
          <Tabs
            items={DETAIL_TABS.map((k) => ({ key: k, label: t(`circleAdminCommunity.detail.tabs.${k}`), testId: `community-tab-${k}` }))}
            value={tab}
            onChange={(k) => navigate(COMMUNITY_PATHS.detail(momentId, k), { replace: true })}
            label={title}
            className={tabStrip}
            panelId="community-detail-panel"
            idBase="community-detail"
          />
          <div id="community-detail-panel" role="tabpanel" aria-labelledby={tabId('community-detail', tab)} data-testid={`community-panel-${tab}`}>
            <Panel tab={tab} sub={sub} community={community.data} />
          </div>
        </>
      ) : null}
    </ConsoleFrame>
  )
}

function Panel({ tab, sub, community }: { tab: DetailTab; sub: QaTab; community: AdminCommunityDetail }) {
  switch (tab) {
    case 'detail':
      return <DetailInfoTab community={community} />
    case 'announcement':
      return <AnnouncementTab community={community} />
    case 'post':
      return <PostsTab momentId={community.momentId} mode="post" />
    case 'set-top':
      return <PostsTab momentId={community.momentId} mode="top" />
    case 'set-essence':
      return <PostsTab momentId={community.momentId} mode="essence" />
    case 'set-preview':
      return <PostsTab momentId={community.momentId} mode="preview" />
    case 'qa':
      return <QaPanel momentId={community.momentId} sub={sub} />
    case 'comment':
      return <CommentTab momentId={community.momentId} />
    case 'tags':
      return <TagsTab momentId={community.momentId} />
    case 'user':
      return <MembersTab momentId={community.momentId} mode="user" />
    case 'privilege':
      return <MembersTab momentId={community.momentId} mode="privilege" />
  }
}
