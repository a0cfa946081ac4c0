// The member area's pages (spec 001 §2 'Member area'): /member, /member/privilege, /member/privilegeintro,
// /member/usualQuestion, /member/blackgold-intro, /member/payment, /member/success, /member/failure and
// /user/member. Goods and prices come from /api/purchase/goods-list/v7; the reader's state from the
// session's membership answer; rules from core/membership.
import { Link, useSearch } from 'wouter'
import type { OrderGoods } from '../../../core/api/order'
import { parseRouteId } from '../../../core/validation/route-id'
import { Failed, Loading } from '../../common/status'
import { NotLoggedIn } from '../../common/my-layout'
import { usePageTitle } from '../../common/page-title'
import { useLoad, type Load } from '../../common/use-load'
import { useSession } from '../../common/session'
import { useBuy } from '../../common/buy'
import { useServices } from '../../services'
import { t, type TranslationKey } from '../../i18n/i18n'
import { attestationHref } from '../attestation/return-target'
import { useMembershipApi } from '../api'
import { buyLink, card, hero, MemberFrame, membershipLine, MemberState, paymentHref, TierCards } from './member-ui'
import '../../i18n/texts/memberArea'
import '../../i18n/texts/order'

function Loaded<T>({ load, children }: { load: Load<T> & { reload: () => void }; children: (data: T) => React.ReactNode }) {
  if (load.status === 'loading') return <Loading rows={2} />
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  return <>{children(load.data)}</>
}

const PRIVILEGES = ['articles', 'coreCapital', 'column', 'service', 'live', 'early'] as const
const TIERS = ['gold', 'platinum', 'ultimate'] as const
const QUESTIONS = ['open', 'why', 'expire', 'tiers', 'autoRenew', 'renewBlocked'] as const

function Privileges() {
  return (
    <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 16, listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('memberArea.privilege')}>
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
  usePageTitle(t('memberArea.title'))
  const api = useMembershipApi()
  const goods = useLoad(api.memberGoods, 'member-goods')
  return (
    <MemberFrame current="/member">
      <section className={hero} aria-labelledby="member-title">
        <div>
          <h1 id="member-title">{t('memberArea.title')}</h1>
          <p>{t('memberArea.slogan')}</p>
        </div>
        <MemberState />
      </section>
      <section className={card} aria-labelledby="member-tiers">
        <h2 id="member-tiers">{t('memberArea.tiers')}</h2>
        <Loaded load={goods}>{(g) => <Goods goods={g} />}</Loaded>
        <p style={{ fontSize: 12 }}>{t('memberArea.tierRule')}</p>
      </section>
      <section className={card} aria-labelledby="member-privileges">
        <h2 id="member-privileges">{t('memberArea.privilege')}</h2>
        <Privileges />
      </section>
    </MemberFrame>
  )
}

/** /member/privilege */
export function PrivilegePage() {
  usePageTitle(t('memberArea.privilege'))
  return (
    <MemberFrame current="/member/privilege">
      <section className={card} aria-labelledby="privilege-title">
        <h1 id="privilege-title">{t('memberArea.privilege')}</h1>
        <Privileges />
      </section>
    </MemberFrame>
  )
}

/** /member/privilegeintro: what each tier brings, and the tier rules (spec 001 §4 'Membership tiers'). */
export function PrivilegeIntroPage() {
  usePageTitle(t('memberArea.privilegeIntro'))
  return (
    <MemberFrame current="/member/privilegeintro">
      <section className={card} aria-labelledby="intro-title">
        <h1 id="intro-title">{t('memberArea.privilegeIntro')}</h1>
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
      </section>
    </MemberFrame>
  )
}

/** /member/usualQuestion */
export function UsualQuestionPage() {
  usePageTitle(t('memberArea.usualQuestion'))
  return (
    <MemberFrame current="/member/usualQuestion">
      <section className={card} aria-labelledby="faq-title">
        <h1 id="faq-title">{t('memberArea.usualQuestion')}</h1>
        {QUESTIONS.map((k) => (
          <details key={k} style={{ borderBottom: '1px solid', borderColor: 'inherit', padding: '10px 0' }}>
            <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{t(`memberArea.questions.${k}.q`)}</summary>
            <p>{t(`memberArea.questions.${k}.a`)}</p>
          </details>
        ))}
      </section>
    </MemberFrame>
  )
}

/** /member/blackgold-intro */
export function BlackgoldIntroPage() {
  usePageTitle(t('memberArea.blackgoldIntro.title'))
  return (
    <MemberFrame current="/member/blackgold-intro">
      <section className={hero} aria-labelledby="bg-title">
        <div>
          <h1 id="bg-title">{t('memberArea.blackgoldIntro.title')}</h1>
          <p>{t('memberArea.blackgoldIntro.text')}</p>
        </div>
      </section>
      <section className={card}>
        <ul>
          {(['research', 'tracking', 'meetings'] as const).map((k) => (
            <li key={k}><p>{t(`memberArea.blackgoldIntro.points.${k}`)}</p></li>
          ))}
        </ul>
        <Link href="/member" className={buyLink}>{t('memberArea.blackgoldIntro.cta')}</Link>
      </section>
    </MemberFrame>
  )
}

/**
 * /member/payment?goodsId=<specsId>: the chosen spec among its goods' specs, the reader's qualification
 * (spec 001 §6: buying requires kyc.certification and kyc.svipInvestor — the attestation page brings
 * the reader back here), and the way on to pay.
 */
export function PaymentPage() {
  usePageTitle(t('memberArea.payment.title'))
  const api = useMembershipApi()
  const session = useSession()
  const buy = useBuy()
  const specsId = parseRouteId(new URLSearchParams(useSearch()).get('goodsId') ?? undefined)
  const goods = useLoad(() => (specsId === null ? Promise.resolve(null) : api.goodsOf(specsId)), String(specsId))
  const here = specsId === null ? '/member/payment' : paymentHref(specsId)
  return (
    <MemberFrame current="/member/payment">
      <section className={card} aria-labelledby="pay-title">
        <h1 id="pay-title">{t('memberArea.payment.title')}</h1>
        <Loaded load={goods}>
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
      </section>
    </MemberFrame>
  )
}

function ResultPage({ current, title, text, actions }: { current: string; title: TranslationKey; text: TranslationKey; actions: { href: string; key: TranslationKey }[] }) {
  usePageTitle(t(title))
  return (
    <MemberFrame current={current}>
      <section className={card} aria-labelledby="result-title" style={{ textAlign: 'center', padding: '48px 24px' }}>
        <h1 id="result-title">{t(title)}</h1>
        <p>{t(text)}</p>
        <div style={{ display: 'flex', gap: 16, justifyContent: 'center', marginTop: 20 }}>
          {actions.map((a) => (
            <Link key={a.href} href={a.href} className={buyLink}>{t(a.key)}</Link>
          ))}
        </div>
      </section>
    </MemberFrame>
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
  usePageTitle(t('memberArea.userMember'))
  const session = useSession()
  const { now } = useServices()
  const line = membershipLine(session.info, now())
  return (
    <MemberFrame current="/user/member">
      <section className={card} aria-labelledby="um-title">
        <h1 id="um-title">{t('memberArea.userMember')}</h1>
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
      </section>
    </MemberFrame>
  )
}
