// Routes of membership and purchase (see ui/route-def.ts); pages are lazy-loaded.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const my = () => import('./my-purchase')
const MyPurchasePage = lazy(() => my().then((m) => ({ default: m.MyPurchasePage })))
const MyCouponPage = lazy(() => my().then((m) => ({ default: m.MyCouponPage })))
const AttestationPage = lazy(() => import('./attestation/attestation-page').then((m) => ({ default: m.AttestationPage })))
const pages = () => import('./member-area/member-pages')
const content = () => import('./member-area/content-pages')
const MemberHomePage = lazy(() => pages().then((m) => ({ default: m.MemberHomePage })))
const PrivilegePage = lazy(() => pages().then((m) => ({ default: m.PrivilegePage })))
const PrivilegeIntroPage = lazy(() => pages().then((m) => ({ default: m.PrivilegeIntroPage })))
const UsualQuestionPage = lazy(() => pages().then((m) => ({ default: m.UsualQuestionPage })))
const BlackgoldIntroPage = lazy(() => pages().then((m) => ({ default: m.BlackgoldIntroPage })))
const PaymentPage = lazy(() => pages().then((m) => ({ default: m.PaymentPage })))
const SuccessPage = lazy(() => pages().then((m) => ({ default: m.SuccessPage })))
const FailurePage = lazy(() => pages().then((m) => ({ default: m.FailurePage })))
const UserMemberPage = lazy(() => pages().then((m) => ({ default: m.UserMemberPage })))
const MemberTypePage = lazy(() => content().then((m) => ({ default: m.MemberTypePage })))
const MemberArticlesPage = lazy(() => content().then((m) => ({ default: m.MemberArticlesPage })))
const MemberColumnPage = lazy(() => content().then((m) => ({ default: m.MemberColumnPage })))
const CoreCapitalPage = lazy(() => content().then((m) => ({ default: m.CoreCapitalPage })))
const CoreCapitalStockPage = lazy(() => content().then((m) => ({ default: m.CoreCapitalStockPage })))
const more = () => import('./member-area/member-more-pages')
const ChanceNoticePage = lazy(() => more().then((m) => ({ default: m.ChanceNoticePage })))
const InfoSwiperPage = lazy(() => more().then((m) => ({ default: m.InfoSwiperPage })))
const ArticleIndexPage = lazy(() => more().then((m) => ({ default: m.ArticleIndexPage })))
const BlackGoldPromotePage = lazy(() => more().then((m) => ({ default: m.BlackGoldPromotePage })))
const IndustryRevivalIntroPage = lazy(() => more().then((m) => ({ default: m.IndustryRevivalIntroPage })))
const IndustryRevivalColumnPage = lazy(() => more().then((m) => ({ default: m.IndustryRevivalColumnPage })))

export const membershipRoutes: RouteDef[] = [
  { path: '/my/purchase', layout: 'my', render: () => <MyPurchasePage /> },
  { path: '/my/coupon', layout: 'my', render: () => <MyCouponPage /> },
  { path: '/member/attestation', layout: 'default', render: () => <AttestationPage /> },
  // spec 001 §2 'Member area'
  { path: '/member', layout: 'default', render: () => <MemberHomePage /> },
  { path: '/member/privilege', layout: 'default', render: () => <PrivilegePage /> },
  { path: '/member/privilegeintro', layout: 'default', render: () => <PrivilegeIntroPage /> },
  { path: '/member/usualQuestion', layout: 'default', render: () => <UsualQuestionPage /> },
  { path: '/member/blackgold-intro', layout: 'default', render: () => <BlackgoldIntroPage /> },
  { path: '/member/payment', layout: 'default', render: () => <PaymentPage /> },
  { path: '/member/success', layout: 'default', render: () => <SuccessPage /> },
  { path: '/member/failure', layout: 'default', render: () => <FailurePage /> },
  { path: '/member/type', layout: 'default', render: () => <MemberTypePage /> },
  { path: '/member/articles/:groupId?/:subGroupId?', layout: 'default', render: (p) => <MemberArticlesPage groupId={p.groupId} /> },
  { path: '/member/column', layout: 'default', render: () => <MemberColumnPage /> },
  { path: '/member/coreCapital', layout: 'default', render: () => <CoreCapitalPage /> },
  { path: '/member/coreCapital/:stockId', layout: 'default', render: (p) => <CoreCapitalStockPage stockId={p.stockId ?? ''} /> },
  { path: '/user/member', layout: 'default', render: () => <UserMemberPage /> },
  { path: '/member/chanceNotice', layout: 'default', render: () => <ChanceNoticePage /> },
  { path: '/member/infoSwiper', layout: 'default', render: () => <InfoSwiperPage /> },
  { path: '/member/type/article-index', layout: 'default', render: () => <ArticleIndexPage /> },
  { path: '/black-gold/promote', layout: 'default', render: () => <BlackGoldPromotePage /> },
  { path: '/black-gold/industry-revival/intro', layout: 'default', render: () => <IndustryRevivalIntroPage /> },
  { path: '/black-gold/industry-revival/:columnId', layout: 'default', render: (p) => <IndustryRevivalColumnPage columnId={p.columnId} /> },
]
