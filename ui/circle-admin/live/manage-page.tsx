// live/live-list/manage/{id} with the tabs basicInfo, commentManage, dataAnalysis, playbackSet, startSet and
// userManage (spec 001 §2; issue 29). The room is read once here (GET /api/circle-admin/live/room/{id}/v1)
// and each tab renders from it; a tab that writes invalidates the console's live reads, so the header and
// the other tabs follow. Which controls a status allows is the server's answer (core/live/room.ts
// allowedControls over core/live/room.machine.ts).
import { useLocation } from 'wouter'
import type { AdminLiveRoom } from '../../../core/api/circle-admin-live'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { MANAGE_TABS, type ManageTab } from '../../../core/circle-admin/live'
import { Tabs, tabId } from '../../common/tabs'
import { Empty, Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { ConsoleFrame } from '../console-frame'
import { detailHead, tabStrip } from '../parts'
import { useLiveAdminApi } from './api'
import { StatusBadge } from './parts'
import { managePath } from './room-pages'
import { BasicInfoTab, CommentManageTab, PlaybackSetTab, StartSetTab, UserManageTab } from './manage-tabs'
import { DataAnalysisTab } from './data-tab'
import '../../i18n/texts/circleAdminLive'

export function LiveManagePage({ id, tab }: { id: number; tab: ManageTab }) {
  const api = useLiveAdminApi()
  const room = useRead(api.room(id))
  const [, navigate] = useLocation()
  const title = room.status === 'ready' ? `${t('circleAdminLive.manage.title')} · ${room.data.title}` : t('circleAdminLive.manage.title')
  return (
    <ConsoleFrame title={title} active="liveList">
      {room.status === 'loading' ? <Loading rows={3} /> : null}
      {room.status === 'failed' && room.statusCode === NOT_FOUND ? <Empty text={t('circleAdminLive.manage.notFound')} /> : null}
      {room.status === 'failed' && room.statusCode !== NOT_FOUND ? <Failed message={room.message} onRetry={room.reload} /> : null}
      {room.status === 'ready' ? (
        <>
          <div className={detailHead}>
            <StatusBadge status={room.data.status} />
            <span>{room.data.liveColumnName}</span>
            <span>{t(`circleAdminLive.rooms.types.${room.data.videoServiceType}`)}</span>
            <a href={`/live/${room.data.id}`} target="_blank" rel="noreferrer">
              {t('circleAdminLive.rooms.view')}
            </a>
          </div>
          <Tabs
            items={MANAGE_TABS.map((k) => ({ key: k, label: t(`circleAdminLive.tabs.${k}`), testId: `live-manage-tab-${k}` }))}
            value={tab}
            onChange={(k) => navigate(managePath(id, k), { replace: true })}
            label={t('circleAdminLive.manage.title')}
            className={tabStrip}
            panelId="live-manage-panel"
            idBase="live-manage"
          />
          <div id="live-manage-panel" role="tabpanel" aria-labelledby={tabId('live-manage', tab)} data-testid={`live-manage-${tab}`}>
            <Panel tab={tab} room={room.data} />
          </div>
        </>
      ) : null}
    </ConsoleFrame>
  )
}

function Panel({ tab, room }: { tab: ManageTab; room: AdminLiveRoom }) {
  switch (tab) {
    case 'basicInfo':
      return <BasicInfoTab room={room} />
    case 'commentManage':
      return <CommentManageTab room={room} />
    case 'dataAnalysis':
      return <DataAnalysisTab room={room} />
    case 'playbackSet':
      return <PlaybackSetTab room={room} />
    case 'startSet':
      return <StartSetTab room={room} />
    case 'userManage':
      return <UserManageTab room={room} />
  }
}
