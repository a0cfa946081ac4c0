// The detail and announcement tabs of community-detail/{momentId} (spec 001 §2; issue 29): the
// community's facts with a link to its edit form, and the owner's pinned announcement (PUT
// /api/circle-admin/community/{momentId}/announcement/v1; its members read it on the circle's page).
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { AdminCommunityDetail } from '../../../core/api/circle-admin-communities'
import { ANNOUNCEMENT_MAX, COMMUNITY_MESSAGES, COMMUNITY_PATHS } from '../../../core/circle-admin/communities'
import { formatDate, formatDateTime } from '../../../core/format/date-time'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { tokens } from '../../styles/tokens'
import { ConsoleForm, okMessage, Row, StatBoxes, WriteFailure } from '../parts'
import { useCommunityAdminApi } from './api'
import { useCommunityWrite } from './parts'
import '../../i18n/texts/circleAdminCommunity'

const facts = css`
  display: grid;
  grid-template-columns: 120px minmax(0, 1fr);
  gap: 10px 16px;
  margin: 0 0 16px;
  font-size: 14px;
  dt {
    color: ${tokens.textSecondary};
    text-align: right;
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    word-break: break-word;
  }
`

export function DetailInfoTab({ community: c }: { community: AdminCommunityDetail }) {
  const empty = t('circleAdminCommunity.info.empty')
  const stats: [string, number][] = [
    [t('circleAdminCommunity.info.members'), c.memberCount],
    [t('circleAdminCommunity.info.posts'), c.dynamicCount],
    [t('circleAdminCommunity.summary.answered'), c.answeredCount],
    [t('circleAdminCommunity.summary.unanswered'), c.unansweredCount],
    [t('circleAdminCommunity.info.comments'), c.commentCount],
  ]
  return (
    <>
      <StatBoxes stats={stats} testId="community-detail-stats" />
      <dl className={facts} data-testid="community-detail-facts">
        <dt>{t('circleAdminCommunity.info.type')}</dt>
        <dd>
          {t(`circleAdminCommunity.types.${c.type}`)} · {c.paid ? t('circleAdminCommunity.list.paid') : t('circleAdminCommunity.list.free')}
        </dd>
        <dt>{t('circleAdminCommunity.info.status')}</dt>
        <dd>{t(`circleAdminCommunity.reviewStatus.${c.reviewStatus}`)}</dd>
        <dt>{t('circleAdminCommunity.info.owner')}</dt>
        <dd>{c.owner.nick}</dd>
        <dt>{t('circleAdminCommunity.info.admins')}</dt>
        <dd>{c.admins.length ? c.admins.map((a) => a.nick).join('、') : t('circleAdminCommunity.info.noAdmins')}</dd>
        <dt>{t('circleAdminCommunity.info.created')}</dt>
        <dd>{formatDate(c.createTimestamp)}</dd>
        <dt>{t('circleAdminCommunity.info.brief')}</dt>
        <dd>{c.brief || empty}</dd>
        <dt>{t('circleAdminCommunity.info.intro')}</dt>
        <dd>{c.intro || empty}</dd>
        <dt>{t('circleAdminCommunity.info.tip')}</dt>
        <dd>{c.tip || empty}</dd>
      </dl>
      <Link href={COMMUNITY_PATHS.edit(c.momentId)} className={pill} data-testid="community-detail-edit">
        {t('circleAdminCommunity.info.edit')}
      </Link>
    </>
  )
}

export function AnnouncementTab({ community: c }: { community: AdminCommunityDetail }) {
  const api = useCommunityAdminApi()
  const [text, setText] = useState(c.announcement)
  const [saved, setSaved] = useState(false)
  const write = useCommunityWrite()
  const length = Array.from(text.trim()).length
  const tooLong = length > ANNOUNCEMENT_MAX
  const save = async (value: string) => {
    setSaved(false)
    if (Array.from(value.trim()).length > ANNOUNCEMENT_MAX) return
    if (await write.run(() => api.announce(c.momentId, value))) setSaved(true)
  }
  return (
    <ConsoleForm onSubmit={() => void save(text)}>
      <span className="label">{c.announcementTimestamp !== null ? t('circleAdminCommunity.announcement.current', { time: formatDateTime(c.announcementTimestamp) }) : ''}</span>
      <p data-testid="community-announcement-current">{c.announcement || t('circleAdminCommunity.announcement.none')}</p>
      <Row label={t('circleAdminCommunity.announcement.label')} error={tooLong ? COMMUNITY_MESSAGES.announcementTooLong : undefined} hint={t('circleAdminCommunity.form.count', { n: length, max: ANNOUNCEMENT_MAX })}>
        {(id) => <textarea id={id} value={text} placeholder={t('circleAdminCommunity.announcement.placeholder')} onChange={(e) => setText(e.target.value)} data-testid="community-announcement-input" />}
      </Row>
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={write.busy || tooLong} data-testid="community-announcement-save">
          {t('circleAdminCommunity.announcement.save')}
        </button>
        {c.announcement ? (
          <button
            type="button"
            className={pill}
            disabled={write.busy}
            onClick={() => {
              setText('')
              void save('')
            }}
            data-testid="community-announcement-remove"
          >
            {t('circleAdminCommunity.announcement.remove')}
          </button>
        ) : null}
        <WriteFailure text={write.failure} testId="community-write-failure" />
        {saved ? (
          <span className={okMessage} role="status" data-testid="community-announcement-saved">
            {t('circleAdminCommunity.announcement.saved')}
          </span>
        ) : null}
      </div>
    </ConsoleForm>
  )
}
