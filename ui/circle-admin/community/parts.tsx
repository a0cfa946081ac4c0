// Pieces the console's community pages share (issue 29): a write that reloads the community reads, the
// post's and member's marks. The table, toolbar, form grid, pager and a write's failure are the console's
// (ui/circle-admin/parts.tsx, styled like the frame).
import type { ReactNode } from 'react'
import { css } from '@linaria/core'
import type { AdminMember, AdminPost } from '../../../core/api/circle-admin-communities'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { useConsoleWrite } from '../parts'
import { COMMUNITY_ADMIN_READS } from './api'
import '../../i18n/texts/circleAdminCommunity'
import { clampLines, smallTagLook } from '../../styles/looks'

/** A write from a page or tab: reloads the community reads and the circle's own ('moment.'). */
export const useCommunityWrite = () => useConsoleWrite(COMMUNITY_ADMIN_READS, 'moment.')

const marks = css`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
  span {
    ${smallTagLook(tokens.bg, tokens.textSecondary, '20px')}
    white-space: nowrap;
  }
  span[data-mark='top'],
  span[data-mark='approved'] {
    background: ${tokens.brandTint};
    color: ${tokens.brand};
  }
  span[data-mark='essence'] {
    background: ${tokens.warnBg};
    color: ${tokens.warn};
  }
  span[data-mark='preview'] {
    background: ${tokens.infoBg};
    color: ${tokens.link};
  }
  span[data-mark='rejected'],
  span[data-mark='closed'],
  span[data-mark='muted'] {
    background: ${tokens.warnBg};
    color: ${tokens.important};
  }
`

/** A post's marks: its review status, pinned, essence, preview, question, set aside, comments restricted. */
export function PostMarks({ post: p }: { post: AdminPost }) {
  return (
    <span className={marks} data-testid="community-post-marks">
      <span data-mark={p.status}>{t(`circleAdminCommunity.reviewStatus.${p.status}`)}</span>
      {p.kind === 'question' ? <span data-mark="question">{t('circleAdminCommunity.posts.question')}</span> : null}
      {p.top ? <span data-mark="top">{t('circleAdminCommunity.posts.top')}</span> : null}
      {p.essence ? <span data-mark="essence">{t('circleAdminCommunity.posts.essence')}</span> : null}
      {p.preview ? <span data-mark="preview">{t('circleAdminCommunity.posts.preview')}</span> : null}
      {p.ignored ? <span data-mark="ignored">{t('circleAdminCommunity.posts.ignored')}</span> : null}
      {p.commentsClosed ? <span data-mark="closed">{t('circleAdminCommunity.posts.closed')}</span> : null}
    </span>
  )
}

export function MemberMarks({ member: m }: { member: AdminMember }) {
  return (
    <span className={marks}>
      <span data-mark={m.role}>{t(`circleAdminCommunity.roles.${m.role}`)}</span>
      {m.publishable ? null : <span data-mark="closed">{t('circleAdminCommunity.members.forbidden')}</span>}
      {m.muted ? <span data-mark="muted">{t('circleAdminCommunity.members.mutedMark')}</span> : null}
    </span>
  )
}

export const userCell = css`
  display: flex;
  gap: 8px;
  align-items: center;
  img {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    object-fit: cover;
    background: ${tokens.bg};
  }
`

/** A person in a table row: their avatar (when they have one) and nickname, then any note. */
export function UserCell({ user, children }: { user: { readonly avatar: string | null; readonly nick: string }; children?: ReactNode }) {
  return (
    <span className={userCell}>
      {user.avatar ? <img src={user.avatar} alt="" /> : null}
      <span>{user.nick}</span>
      {children}
    </span>
  )
}

export const textCell = css`
  max-width: 420px;
  .text {
    ${clampLines(2)}
    white-space: pre-wrap;
    word-break: break-word;
  }
`

/** A field's message beside its control. */
export const errorText = css`
  color: ${tokens.important};
  font-size: 12px;
`
