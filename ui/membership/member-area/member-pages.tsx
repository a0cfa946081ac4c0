// The member area's pages (spec 001 §2 'Member area'): /member, /member/privilege, /member/privilegeintro,
// /member/usualQuestion, /member/blackgold-intro, /member/payment, /member/success, /member/failure and
// /user/member. Goods and prices come from /api/purchase/goods-list/v7; the reader's state from the
// session's membership answer; rules from core/membership. Each is the template of member-page.tsx.
import { Link, useSearch } from 'wouter'
import { css } from '@linaria/core'
import type { OrderGoods } from '../../../core/api/order'
import { parseRouteId } from '../../../core/validation/route-id'
import { Loading } from '../../common/status'
import { NotLoggedIn } from '../../common/my-layout'
import { useRead } from '../../common/use-read'
import { useSession } from '../../common/session'
import { useBuy } from '../../common/buy'
import { useServices } from '../../services'
import { t, type TranslationKey } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { attestationHref } from '../attestation/return-target'
import { useMembershipApi } from '../api'
import { buyLink, membershipLine, MemberState, paymentHref, TierCards } from './member-ui'
import { Loaded, MemberPage, MemberSection } from './member-page'
import '../../i18n/texts/memberArea'
import '../../i18n/texts/order'

const privilegeGrid = css`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 16px;
  list-style: none;
  padding: 0;
  margin: 0;
`
const faq = css`
  details { border-bottom: 1px solid ${tokens.border}; padding: 10px 0; }
  summary { cursor: pointer; font-weight: 600; }
`
const actions = css`
  display: flex;
  gap: 16px;
  justify-content: center;
  margin-top: 20px;
`

const PRIVILEGES = ['articles', 'coreCapital', 'column', 'service', 'live', 'early'] as const
const TIERS = ['gold', 'platinum', 'ultimate'] as const
const QUESTIONS = ['open', 'why', 'expire', 'tiers', 'autoRenew', 'renewBlocked'] as const

function Privileges() {
  return (
    <ul className={privilegeGrid} aria-label={t('memberArea.privilege')}>
      {PRIVILEGES.map((k) => (
        <li key={k}>
          <strong>{t(`memberArea.privileges.${k}.title`)}</strong>
          <p>{t(`memberArea.privileges.${k}.text`)}</p>
        </li>
      ))}
    </ul>
  )
}

function Goods({ goods }: { goods: OrderGoods | null }) {
  return goods && goods.purchaseInfos.length > 0 ? <TierCards goods={goods} /> : <p>{t('memberArea.noGoods')}</p>
}

/** /member */
export function MemberHomePage() {
  const api = useMembershipApi()
  const userId = useSession().user?.id ?? null
  const goods = useRead(api.memberGoods(userId))
  return (
    <MemberPage current="/member" title={t('memberArea.title')} intro={<p>{t('memberArea.slogan')}</p>} aside={<MemberState />}>
      <MemberSection title={t('memberArea.tiers')}>
        <Loaded load={goods} rows={2}>{(g) => <Goods goods={g} />}</Loaded>
        <p style={{ fontSize: 12 }}>{t('memberArea.tierRule')}</p>
      </MemberSection>
      <MemberSection title={t('memberArea.privilege')}>
        <Privileges />
      </MemberSection>
    </MemberPage>
  )
}

/** /member/privilege */
export function PrivilegePage() {
  return (
    <MemberPage current="/member/privilege" title={t('memberArea.privilege')}>
      <MemberSection label={t('memberArea.privilege')}>
        <Privileges />
      </MemberSection>
    </MemberPage>
  )
}

/** /member/privilegeintro: what each tier brings, and the tier rules (spec 001 §4 'Membership tiers'). */
export function PrivilegeIntroPage() {
  return (
    <MemberPage current="/member/privilegeintro" title={t('memberArea.privilegeIntro')}>
      <MemberSection label={t('memberArea.privilegeIntro')}>
        <dl>
          {TIERS.map((tier) => (
            <div key={tier} style={{ marginBottom: 12 }}>
              <dt><strong>{t(`memberArea.tierNames.${tier}`)}</strong></dt>
              <dd style={{ margin: '4px 0 0' }}>{t(`memberArea.tierPrivileges.${tier}`)}</dd>
            </div>
          ))}
        </dl>
        <p>{t('memberArea.tierRule')}</p>
        <p>{t('memberArea.renewRule')}</p>
      </MemberSection>
    </MemberPage>
  )
}

/** /member/usualQuestion */
export function UsualQuestionPage() {
  return (
    <MemberPage current="/member/usualQuestion" title={t('memberArea.usualQuestion')}>
      <MemberSection label={t('memberArea.usualQuestion')}>
        <div className={faq}>
          {QUESTIONS.map((k) => (
            <details key={k}>
              <summary>{t(`memberArea.questions.${k}.q`)}</summary>
              <p>{t(`memberArea.questions.${k}.a`)}</p>
            </details>
          ))}
        </div>
      </MemberSection>
    </MemberPage>
  )
}

/** /member/blackgold-intro */
export function BlackgoldIntroPage() {
  return (
    <MemberPage current="/member/blackgold-intro" tone="blackGold" title={t('memberArea.blackgoldIntro.title')} intro={<p>{t('memberArea.blackgoldIntro.text')}</p>}>
      <MemberSection label={t('memberArea.blackgoldIntro.title')}>
        <ul>
          {(['research', 'tracking', 'meetings'] as const).map((k) => (
            <li key={k}><p>{t(`memberArea.blackgoldIntro.points.${k}`)}</p></li>
          ))}
        </ul>
        <Link href="/member" className={buyLink}>{t('memberArea.blackgoldIntro.cta')}</Link>
      </MemberSection>
    </MemberPage>
  )
}

/**
 * /member/payment?goodsId=<specsId>: the chosen spec among its goods' specs, the reader's qualification
 * (spec 001 §6: buying requires kyc.certification and kyc.svipInvestor — the attestation page brings
 * the reader back here), and the way on to pay.
 */
export function PaymentPage() {
  const api = useMembershipApi()
  const session = useSession()
  const buy = useBuy()
  const specsId = parseRouteId(new URLSearchParams(useSearch()).get('goodsId') ?? undefined)
  const goods = useRead(specsId === null ? null : api.goods(specsId, session.user?.id ?? null))
  const here = specsId === null ? '/member/payment' : paymentHref(specsId)
  return (
    <MemberPage current="/member/payment" title={t('memberArea.payment.title')}>
      <MemberSection label={t('memberArea.payment.title')}>
        {/* no spec asked for: nothing to read, the page says what is missing */}
        {specsId === null ? <p role="alert">{t('memberArea.payment.missing')}</p> : (
        <Loaded load={goods} rows={2}>
          {(g) => {
            const chosen = g?.purchaseInfos.find((p) => p.specsId === specsId)
            if (!g || !chosen) return <p role="alert">{t('memberArea.payment.missing')}</p>
            const kyc = session.info?.kyc
            return (
              <>
                <p data-testid="chosen-spec">
                  <strong>{chosen.name}</strong> · {chosen.currentPriceText}
                </p>
                {buy ? (
                  <p>
                    <button type="button" className={buyLink} onClick={() => buy(chosen.specsId)}>
                      {t('order.buy')}
                    </button>
                  </p>
                ) : null}
                <h2>{t('memberArea.payment.choose')}</h2>
                <TierCards goods={g} />
                {!session.info ? (
                  <NotLoggedIn />
                ) : kyc && kyc.certification && kyc.svipInvestor ? null : (
                  <p role="note">
                    {t('memberArea.payment.qualify')}{' '}
                    <Link href={attestationHref({ returnTo: here })}>{t('memberArea.payment.goQualify')}</Link>
                  </p>
                )}
              </>
            )
          }}
        </Loaded>
        )}
      </MemberSection>
    </MemberPage>
  )
}

function ResultPage({ current, title, text, actions: links }: { current: string; title: TranslationKey; text: TranslationKey; actions: { href: string; key: TranslationKey }[] }) {
  return (
    <MemberPage current={current} title={t(title)}>
      <MemberSection label={t(title)} centered>
        <p>{t(text)}</p>
        <div className={actions}>
          {links.map((a) => (
            <Link key={a.href} href={a.href} className={buyLink}>{t(a.key)}</Link>
          ))}
        </div>
      </MemberSection>
    </MemberPage>
  )
}

/** /member/success */
export const SuccessPage = () => (
  <ResultPage current="/member/success" title="memberArea.success.title" text="memberArea.success.text" actions={[{ href: '/member', key: 'memberArea.success.back' }, { href: '/my/purchase', key: 'memberArea.success.purchases' }]} />
)
/** /member/failure */
export const FailurePage = () => (
  <ResultPage current="/member/failure" title="memberArea.failure.title" text="memberArea.failure.text" actions={[{ href: '/member', key: 'memberArea.failure.retry' }]} />
)

/** /user/member: the reader's own membership (spec 000 §2: the icon only while unexpired). */
export function UserMemberPage() {
  const session = useSession()
  const { now } = useServices()
  const line = membershipLine(session.info, now())
  return (
    <MemberPage current="/user/member" title={t('memberArea.userMember')}>
      <MemberSection label={t('memberArea.userMember')}>
        {!session.info ? (
          session.checking ? <Loading rows={1} /> : <NotLoggedIn />
        ) : (
          <>
            <p data-testid="user-member-state">
              {line.icon ? <img src={line.icon} width={18} height={18} alt={t('memberArea.icon')} style={{ verticalAlign: -3, marginRight: 6 }} /> : null}
              {line.text}
            </p>
            <Link href="/member" className={buyLink}>{line.member ? t('memberArea.renew') : t('memberArea.buy')}</Link>
          </>
        )}
      </MemberSection>
    </MemberPage>
  )
}
