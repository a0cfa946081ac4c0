// The comment, tags, user and privilege tabs of community-detail/{momentId} (spec 001 §2; issue 29): the
// community's comments (delete one; restrict commenting on its post: the comment box then shows
// 该内容已限制评论, spec 001 §4), its tags (add, rename, delete; the default one stays), its members
// (mute, remove) and who may publish moments (spec 001 §6 momentPublishable, per member here).
import { useState } from 'react'
import { COMMUNITY_TAG_NAME_MAX, CONSOLE_PAGE_SIZE, tagNameError } from '../../../core/circle-admin/communities'
import type { AdminTag } from '../../../core/api/circle-admin-communities'
import { formatDate, formatDateTime } from '../../../core/format/date-time'
import { Empty, Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { hint, ListTable, SearchBox, table, toolbar, useListQuery, WriteFailure } from '../parts'
import { useCommunityAdminApi } from './api'
import { errorText, MemberMarks, textCell, useCommunityWrite, UserCell } from './parts'
import '../../i18n/texts/circleAdminCommunity'
import { TableHead } from '../../common/table-head'

/** A button that asks once more before it acts (delete, remove). */
function ConfirmButton({ label, confirm, onConfirm, disabled, testId }: { label: string; confirm: string; onConfirm: () => void; disabled: boolean; testId: string }) {
  const [asking, setAsking] = useState(false)
  return (
    <button
      type="button"
      className={smallButton}
      data-tone={asking ? 'danger' : undefined}
      disabled={disabled}
      onClick={() => {
        if (!asking) return setAsking(true)
        setAsking(false)
        onConfirm()
      }}
      onBlur={() => setAsking(false)}
      data-testid={testId}
    >
      {asking ? confirm : label}
    </button>
  )
}

export function CommentTab({ momentId }: { momentId: number }) {
  const api = useCommunityAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
  const list = useRead(api.comments(momentId, page, keyword))
  const write = useCommunityWrite()
  return (
    <>
      <SearchBox
        placeholder={t('circleAdminCommunity.comments.search')}
        onSearch={search}
        testId="community-comment-search"
      />
      <WriteFailure text={write.failure} testId="community-write-failure" />
      <ListTable state={list} none={t('circleAdminCommunity.comments.none')} page={page} count={CONSOLE_PAGE_SIZE} onPage={setPage} testId="community-comment-table" head={[t('circleAdminCommunity.comments.content'), t('circleAdminCommunity.comments.post'), t('circleAdminCommunity.comments.author'), t('circleAdminCommunity.comments.time'), t('circleAdminCommunity.posts.actions')]}>
        {(c) => (
          <tr key={c.id} data-testid="community-comment-row" data-id={c.id}>
            <td className={textCell}>
              <div className="text">{c.content}</div>
              <div className="muted">
                {t('circleAdminCommunity.comments.likes', { n: c.likeCount })} · {t(`circleAdminCommunity.reviewStatus.${c.status}`)}
              </div>
            </td>
            <td className={textCell}>
              <div className="text">{c.dynamicTitle}</div>
              {c.commentsClosed ? <div className="muted">{t('circleAdminCommunity.comments.closed')}</div> : null}
            </td>
            <td>{c.author.nick}</td>
            <td>{formatDateTime(c.createTimestamp)}</td>
            <td className="actions">
              <button type="button" className={smallButton} disabled={write.busy} onClick={() => void write.run(() => api.setCommentsClosed(momentId, c.dynamicId, !c.commentsClosed))} data-testid="community-comment-restrict">
                {c.commentsClosed ? t('circleAdminCommunity.posts.openComments') : t('circleAdminCommunity.posts.closeComments')}
              </button>
              <ConfirmButton
                label={t('circleAdminCommunity.comments.remove')}
                confirm={t('circleAdminCommunity.comments.confirmRemove')}
                disabled={write.busy}
                onConfirm={() => void write.run(() => api.deleteComment(momentId, c.id))}
                testId="community-comment-delete"
              />
            </td>
          </tr>
        )}
      </ListTable>
    </>
  )
}

/** user (mute, remove) and privilege (may publish moments): the community's members. */
export function MembersTab({ momentId, mode }: { momentId: number; mode: 'user' | 'privilege' }) {
  const api = useCommunityAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
  const list = useRead(api.members(momentId, page, keyword))
  const write = useCommunityWrite()
  return (
    <>
      <p className={hint}>{mode === 'user' ? t('circleAdminCommunity.members.removeHint') : t('circleAdminCommunity.members.privilegeHint')}</p>
      <SearchBox
        placeholder={t('circleAdminCommunity.members.search')}
        onSearch={search}
        testId="community-member-search"
      />
      <WriteFailure text={write.failure} testId="community-write-failure" />
      <ListTable state={list} none={t('circleAdminCommunity.members.none')} page={page} count={CONSOLE_PAGE_SIZE} onPage={setPage} testId={`community-${mode}-table`} head={[t('circleAdminCommunity.users.user'), t('circleAdminCommunity.users.role'), t('circleAdminCommunity.users.joined'), t('circleAdminCommunity.users.expires'), t('circleAdminCommunity.posts.actions')]}>
        {(m) => (
          <tr key={m.user.id} data-testid="community-member-row" data-id={m.user.id}>
            <td>
              <UserCell user={m.user} />
            </td>
            <td>
              <MemberMarks member={m} />
            </td>
            <td>{formatDate(m.joinTimestamp)}</td>
            <td>{m.expireTimestamp === null ? t('circleAdminCommunity.users.forever') : formatDate(m.expireTimestamp)}</td>
            <td className="actions">
              {mode === 'privilege' ? (
                <button type="button" className={smallButton} disabled={write.busy} onClick={() => void write.run(() => api.setMember(momentId, m.user.id, { publishable: !m.publishable }))} data-testid="community-member-publishable">
                  {m.publishable ? t('circleAdminCommunity.members.forbid') : t('circleAdminCommunity.members.allow')}
                </button>
              ) : (
                <>
                  <button type="button" className={smallButton} disabled={write.busy} onClick={() => void write.run(() => api.setMember(momentId, m.user.id, { muted: !m.muted }))} data-testid="community-member-mute">
                    {m.muted ? t('circleAdminCommunity.members.unmute') : t('circleAdminCommunity.members.mute')}
                  </button>
                  <ConfirmButton
                    label={t('circleAdminCommunity.members.remove')}
                    confirm={t('circleAdminCommunity.members.confirmRemove')}
                    disabled={write.busy}
                    onConfirm={() => void write.run(() => api.removeMember(momentId, m.user.id))}
                    testId="community-member-remove"
                  />
                </>
              )}
            </td>
          </tr>
        )}
      </ListTable>
    </>
  )
}

export function TagsTab({ momentId }: { momentId: number }) {
  const api = useCommunityAdminApi()
  const list = useRead(api.tags(momentId))
  const [name, setName] = useState('')
  const [adminOnly, setAdminOnly] = useState(false)
  const [tried, setTried] = useState(false)
  const write = useCommunityWrite()
  const names = list.status === 'ready' ? list.data.map((x) => x.tagName) : []
  const error = tagNameError(name, names)
  const add = async () => {
    setTried(true)
    if (error) return
    if (await write.run(() => api.createTag(momentId, name.trim(), adminOnly))) {
      setName('')
      setTried(false)
    }
  }
  return (
    <>
      <form
        className={toolbar}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void add()
        }}
      >
        <input
          type="text"
          className={field}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('circleAdminCommunity.tags.placeholder', { max: COMMUNITY_TAG_NAME_MAX })}
          aria-label={t('circleAdminCommunity.tags.name')}
          data-testid="community-tag-name"
        />
        <label>
          <input type="checkbox" checked={adminOnly} onChange={(e) => setAdminOnly(e.target.checked)} /> {t('circleAdminCommunity.tags.adminOnly')}
        </label>
        <button type="submit" className={`${pill} ${primary}`} disabled={write.busy} data-testid="community-tag-add">
          {t('circleAdminCommunity.tags.add')}
        </button>
        {tried && error ? (
          <span role="alert" className={errorText}>
            {error}
          </span>
        ) : null}
      </form>
      <WriteFailure text={write.failure} testId="community-write-failure" />
      {list.status === 'loading' ? <Loading rows={3} /> : null}
      {list.status === 'failed' ? <Failed message={list.message} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.data.length === 0 ? <Empty text={t('circleAdminCommunity.tags.none')} /> : null}
      {list.status === 'ready' && list.data.length > 0 ? (
        <table className={table} data-testid="community-tag-table">
          <TableHead columns={[t('circleAdminCommunity.tags.name'), t('circleAdminCommunity.tags.posts'), t('circleAdminCommunity.posts.actions')]} />
          <tbody>
            {list.data.map((tag) => (
              <TagRow key={tag.tagId} momentId={momentId} tag={tag} others={names.filter((n) => n !== tag.tagName)} />
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  )
}

function TagRow({ momentId, tag, others }: { momentId: number; tag: AdminTag; others: readonly string[] }) {
  const api = useCommunityAdminApi()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(tag.tagName)
  const write = useCommunityWrite()
  const error = tagNameError(name, others)
  return (
    <tr data-testid="community-tag-row" data-id={tag.tagId}>
      <td>
        {editing ? (
          <input type="text" className={field} value={name} onChange={(e) => setName(e.target.value)} aria-label={t('circleAdminCommunity.tags.name')} data-testid="community-tag-rename-input" />
        ) : (
          <strong>{tag.tagName}</strong>
        )}{' '}
        {tag.isDefault ? <span className="muted">（{t('circleAdminCommunity.tags.default')}）</span> : null}
        {tag.adminOnly ? <span className="muted">（{t('circleAdminCommunity.tags.adminOnly')}）</span> : null}
        {editing && error ? (
          <div role="alert" className={errorText}>
            {error}
          </div>
        ) : null}
        <WriteFailure text={write.failure} testId="community-write-failure" />
      </td>
      <td>{tag.count}</td>
      <td className="actions">
        {tag.isDefault ? null : editing ? (
          <>
            <button
              type="button"
              className={smallButton}
              disabled={write.busy || Boolean(error)}
              onClick={() => void write.run(() => api.renameTag(momentId, tag.tagId, name.trim())).then((ok) => ok && setEditing(false))}
              data-testid="community-tag-save"
            >
              {t('circleAdminCommunity.tags.save')}
            </button>
            <button type="button" className={smallButton} onClick={() => setEditing(false)}>
              {t('circleAdminCommunity.tags.cancel')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className={smallButton} onClick={() => setEditing(true)} data-testid="community-tag-rename">
              {t('circleAdminCommunity.tags.rename')}
            </button>
            <ConfirmButton
              label={t('circleAdminCommunity.tags.remove')}
              confirm={t('circleAdminCommunity.tags.confirmRemove')}
              disabled={write.busy}
              onConfirm={() => void write.run(() => api.deleteTag(momentId, tag.tagId))}
              testId="community-tag-delete"
            />
          </>
        )}
      </td>
    </tr>
  )
}
