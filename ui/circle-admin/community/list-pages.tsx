// community-admin/community-list with community-create and community-edit/{momentId} (spec 001 §2;
// issue 29): the communities the reader owns or administers, searched by name, filtered by type, in
// numbered pages; the create/edit form with the checks of core/circle-admin/communities.ts (the server
// checks them again and its message shows under the form).
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { AdminCommunity, AdminCommunityDetail } from '../../../core/api/circle-admin-communities'
import { NOT_FOUND } from '../../../core/query/query-cache'
import {
  COMMUNITY_BRIEF_MAX,
  COMMUNITY_INTRO_MAX,
  COMMUNITY_NAME_MAX,
  COMMUNITY_PATHS,
  COMMUNITY_TIP_MAX,
  COMMUNITY_TYPES,
  CONSOLE_PAGE_SIZE,
  communityFormErrors,
  type CommunityDraft,
  type CommunityField,
} from '../../../core/circle-admin/communities'
import { formatDate } from '../../../core/format/date-time'
import { Empty, Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { ConsoleForm, ListTable, okMessage, Row, SearchBox, WriteFailure } from '../parts'
import { useCommunityAdminApi } from './api'
import { useCommunityWrite, userCell } from './parts'
import '../../i18n/texts/circleAdminCommunity'

export function CommunityListPage() {
  const api = useCommunityAdminApi()
  const [filters, setFilters] = useState<{ keyword?: string; type?: AdminCommunity['type'] }>({})
  const [page, setPage] = useState(1)
  const list = useRead(api.list(page, filters))
  const filter = (patch: Partial<typeof filters>) => {
    setPage(1)
    setFilters((f) => ({ ...f, ...patch }))
  }
  return (
    <ConsoleFrame
      title={t('circleAdminCommunity.list.title')}
      actions={
        <Link href={COMMUNITY_PATHS.create} className={`${pill} ${primary}`} data-testid="community-add">
          {t('circleAdminCommunity.list.add')}
        </Link>
      }
    >
      <SearchBox placeholder={t('circleAdminCommunity.list.search')} onSearch={(keyword) => filter({ keyword })} testId="community-search">
        <select
          className={field}
          aria-label={t('circleAdminCommunity.list.type')}
          value={filters.type ?? ''}
          onChange={(e) => filter({ type: (e.target.value || undefined) as AdminCommunity['type'] | undefined })}
          data-testid="community-filter-type"
        >
          <option value="">{t('circleAdminCommunity.list.allTypes')}</option>
          {COMMUNITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`circleAdminCommunity.types.${type}`)}
            </option>
          ))}
        </select>
      </SearchBox>
      <ListTable state={list} none={t('circleAdminCommunity.list.none')} page={page} count={CONSOLE_PAGE_SIZE} onPage={setPage} testId="community-table" head={[t('circleAdminCommunity.list.name'), t('circleAdminCommunity.list.type'), t('circleAdminCommunity.list.role'), t('circleAdminCommunity.list.members'), t('circleAdminCommunity.list.posts'), t('circleAdminCommunity.list.unanswered'), t('circleAdminCommunity.list.created'), t('circleAdminCommunity.list.actions')]}>
        {(c) => (
          <tr key={c.momentId} data-testid="community-row" data-id={c.momentId}>
            <td>
              <div className={userCell}>
                {c.avatar ? <img src={c.avatar} alt="" /> : null}
                <div>
                  <Link href={COMMUNITY_PATHS.detail(c.momentId)}>
                    <strong>{c.name}</strong>
                  </Link>
                  <div className="muted">{c.brief}</div>
                </div>
              </div>
            </td>
            <td>
              {t(`circleAdminCommunity.types.${c.type}`)} · {c.paid ? t('circleAdminCommunity.list.paid') : t('circleAdminCommunity.list.free')}
            </td>
            <td>{t(`circleAdminCommunity.roles.${c.role}`)}</td>
            <td>{c.memberCount}</td>
            <td>{c.dynamicCount}</td>
            <td>{c.unansweredCount}</td>
            <td>{formatDate(c.createTimestamp)}</td>
            <td className="actions">
              <Link href={COMMUNITY_PATHS.detail(c.momentId)} className={smallButton} data-testid="community-manage">
                {t('circleAdminCommunity.list.manage')}
              </Link>
              <Link href={COMMUNITY_PATHS.edit(c.momentId)} className={smallButton} data-testid="community-edit">
                {t('circleAdminCommunity.list.edit')}
              </Link>
            </td>
          </tr>
        )}
      </ListTable>
    </ConsoleFrame>
  )
}

/** community-create (momentId null) and community-edit/{momentId}. */
export function CommunityFormPage({ momentId }: { momentId: number | null }) {
  const api = useCommunityAdminApi()
  const current = useRead(momentId === null ? null : api.detail(momentId))
  const title = momentId === null ? t('circleAdminCommunity.form.createTitle') : t('circleAdminCommunity.form.editTitle')
  return (
    <ConsoleFrame title={title} active="communityList">
      {momentId === null ? <CommunityForm initial={null} /> : null}
      {momentId !== null && current.status === 'loading' ? <Loading rows={3} /> : null}
      {momentId !== null && current.status === 'failed' && current.statusCode === NOT_FOUND ? <Empty text={current.message ?? ''} /> : null}
      {momentId !== null && current.status === 'failed' && current.statusCode !== NOT_FOUND ? <Failed message={current.message} onRetry={current.reload} /> : null}
      {momentId !== null && current.status === 'ready' ? <CommunityForm key={current.data.momentId} initial={current.data} /> : null}
    </ConsoleFrame>
  )
}

const FIELDS: readonly { key: CommunityField; max: number; long: boolean }[] = [
  { key: 'name', max: COMMUNITY_NAME_MAX, long: false },
  { key: 'brief', max: COMMUNITY_BRIEF_MAX, long: false },
  { key: 'intro', max: COMMUNITY_INTRO_MAX, long: true },
  { key: 'tip', max: COMMUNITY_TIP_MAX, long: true },
]

export function CommunityForm({ initial }: { initial: AdminCommunityDetail | null }) {
  const api = useCommunityAdminApi()
  const [, navigate] = useLocation()
  const [draft, setDraft] = useState<CommunityDraft>({ name: initial?.name ?? '', brief: initial?.brief ?? '', intro: initial?.intro ?? '', tip: initial?.tip ?? '' })
  const [tried, setTried] = useState(false)
  const [saved, setSaved] = useState(false)
  const write = useCommunityWrite()
  const errors = communityFormErrors(draft)
  const submit = async () => {
    setTried(true)
    setSaved(false)
    if (Object.values(errors).some((m) => m)) return
    const body = { name: draft.name, brief: draft.brief, intro: draft.intro, tip: draft.tip }
    if (initial === null) {
      let made = 0
      const ok = await write.run(async () => {
        made = (await api.create(body)).momentId
      })
      if (ok) navigate(COMMUNITY_PATHS.detail(made))
    } else if (await write.run(() => api.edit(initial.momentId, body))) setSaved(true)
  }
  return (
    <ConsoleForm testId="community-form" onSubmit={() => void submit()}>
      {FIELDS.map(({ key, max, long }) => (
        <Row key={key} label={t(`circleAdminCommunity.form.${key}`)} error={tried ? errors[key] : undefined} hint={t('circleAdminCommunity.form.count', { n: Array.from(draft[key]).length, max })}>
          {(id) =>
            long ? (
              <textarea id={id} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} data-testid={`community-form-${key}`} />
            ) : (
              <input
                id={id}
                type="text"
                className={field}
                value={draft[key]}
                placeholder={key === 'name' ? t('circleAdminCommunity.form.namePlaceholder', { max }) : t('circleAdminCommunity.form.briefPlaceholder', { max })}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                data-testid={`community-form-${key}`}
              />
            )
          }
        </Row>
      ))}
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={write.busy} data-testid="community-form-submit">
          {write.busy ? t('circleAdminCommunity.form.saving') : initial === null ? t('circleAdminCommunity.form.create') : t('circleAdminCommunity.form.save')}
        </button>
        <Link href={initial === null ? COMMUNITY_PATHS.list : COMMUNITY_PATHS.detail(initial.momentId)} className={pill}>
          {t('circleAdminCommunity.form.cancel')}
        </Link>
        {initial === null ? <span className="hint">{t('circleAdminCommunity.form.groupNote')}</span> : null}
      </div>
      <div className="submit">
        <WriteFailure text={write.failure} testId="community-write-failure" />
        {saved ? (
          <p className={okMessage} role="status" data-testid="community-form-saved">
            {t('circleAdminCommunity.form.saved')}
          </p>
        ) : null}
      </div>
    </ConsoleForm>
  )
}
