// A circle in a list (the recommended circles, search results, an adviser's circles) and an adviser's
// card: shared by the circle pages.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { CircleSummary, CircleUser } from '../../core/api/circles'
import { formatBigNumber, formatFans } from '../../core/format/big-number'
import { Img } from '../common/img'
import { useServices } from '../services'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import '../i18n/texts/circle'
import { smallTagLook, clampLines, cardLook, plainListLook, tagLook } from '../styles/looks'

export const circleGrid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 14px;
  ${plainListLook}
`
const card = css`
  display: flex;
  gap: 12px;
  padding: 14px;
  ${cardLook}
  transition: box-shadow 0.15s;
  &:hover {
    box-shadow: 0 4px 14px ${tokens.shadow};
  }
  img,
  [role='img'] {
    flex: none;
    width: 56px;
    height: 56px;
    border-radius: 12px;
    object-fit: cover;
  }
  .body {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .name {
    font-size: 15px;
    font-weight: 600;
    color: ${tokens.text};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .name:hover {
    color: ${tokens.brand};
  }
  .brief {
    margin: 0;
    color: ${tokens.textSecondary};
    font-size: 13px;
    line-height: 1.5;
    ${clampLines(2)}
    min-height: 39px;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
export const typeBadge = css`
  display: inline-block;
  ${smallTagLook(tokens.infoBg, tokens.link, '20px')}
`
export const priceTag = css`
  margin-left: auto;
  color: ${tokens.brand};
  font-weight: 600;
  font-size: 13px;
  &[data-free='true'] {
    ${tagLook(tokens.successTint, tokens.success)}
    font-weight: 400;
  }
`

export function PriceTag({ circle }: { circle: Pick<CircleSummary, 'price'> }) {
  return (
    <span className={priceTag} data-free={circle.price === null}>
      {circle.price === null ? t('circle.card.free') : circle.price.priceText}
    </span>
  )
}

export function CircleCard({ circle, priority = false }: { circle: CircleSummary; priority?: boolean }) {
  const { lang } = useServices()
  return (
    <li className={card} data-testid="circle-card">
      <Img src={circle.avatar} alt="" width={56} height={56} priority={priority} />
      <div className="body">
        <Link className="name" href={`/chiefCircle/detail/${circle.id}`}>
          {circle.name}
        </Link>
        <p className="brief">{circle.brief}</p>
        <div className="meta">
          <span className={typeBadge}>{t(`circle.types.${circle.type}`)}</span>
          <span>{circle.owner.nick}</span>
          <span>{t('circle.card.members', { n: formatBigNumber(circle.memberCount, lang) })}</span>
          <PriceTag circle={circle} />
        </div>
      </div>
    </li>
  )
}

export function CircleList({ circles, label }: { circles: readonly CircleSummary[]; label: string }) {
  return (
    <ul className={circleGrid} aria-label={label}>
      {circles.map((c, i) => (
        <CircleCard key={c.id} circle={c} priority={i < 3} />
      ))}
    </ul>
  )
}

const vipItem = css`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 0;
  border-bottom: 1px solid ${tokens.border};
  &:last-child {
    border-bottom: 0;
  }
  img,
  [role='img'] {
    flex: none;
    width: 40px;
    height: 40px;
    border-radius: 50%;
  }
  div {
    min-width: 0;
    flex: 1;
  }
  a {
    display: block;
    font-weight: 600;
    color: ${tokens.text};
  }
  a:hover {
    color: ${tokens.brand};
  }
  small {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`

/** An adviser: avatar, nick (to the user page), how many circles and members. */
export function VipItem({ user }: { user: CircleUser & { circleCount: number; memberCount: number } }) {
  return (
    <li className={vipItem} data-testid="vip-item">
      <Img src={user.avatar} alt="" width={40} height={40} />
      <div>
        <Link href={`/user/${user.id}`}>{user.nick}</Link>
        <small>
          {t('circle.card.circleCount', { n: user.circleCount })} · {t('circle.card.members', { n: formatFans(user.memberCount) })}
        </small>
      </div>
    </li>
  )
}

export const plainList = css`
  ${plainListLook}
`

/** Read by screen readers, not shown (a label a visible placeholder already says). */
export const srOnly = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`
