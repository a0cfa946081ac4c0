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
const AlbumIndexPage = lazy(() => more().then((m) => ({ default: m.AlbumIndexPage })))

export const membershipRoutes: RouteDef[] = [
  { path: '/my/purchase', layout: 'my', render: () => <MyPurchasePage /> },
  { path: '/my/coupon', layout: 'my', render: () => <MyCouponPage /> },
  { path: '/member/attestation', layout: 'default', render: () => <AttestationPage /> },
  // spec 001 §2 'Member area', in spec 000 §2's member layout; the privileges and 黑金 pages in its privilege layout
  { path: '/member', layout: 'member', render: () => <MemberHomePage /> },
  { path: '/member/privilege', layout: 'privilege', render: () => <PrivilegePage /> },
  { path: '/member/privilegeintro', layout: 'privilege', render: () => <PrivilegeIntroPage /> },
  { path: '/member/usualQuestion', layout: 'member', render: () => <UsualQuestionPage /> },
  { path: '/member/blackgold-intro', layout: 'privilege', render: () => <BlackgoldIntroPage /> },
  { path: '/member/payment', layout: 'member', render: () => <PaymentPage /> },
  { path: '/member/success', layout: 'member', render: () => <SuccessPage /> },
  { path: '/member/failure', layout: 'member', render: () => <FailurePage /> },
  { path: '/member/type', layout: 'member', render: () => <MemberTypePage /> },
  { path: '/member/articles/:groupId?/:subGroupId?', layout: 'member', render: (p) => <MemberArticlesPage groupId={p.groupId} /> },
  { path: '/member/column', layout: 'member', render: () => <MemberColumnPage /> },
  { path: '/member/coreCapital', layout: 'member', render: () => <CoreCapitalPage /> },
  { path: '/member/coreCapital/:stockId', layout: 'member', render: (p) => <CoreCapitalStockPage stockId={p.stockId ?? ''} /> },
  { path: '/user/member', layout: 'member', render: () => <UserMemberPage /> },
  { path: '/member/chanceNotice', layout: 'member', render: () => <ChanceNoticePage /> },
  { path: '/member/infoSwiper', layout: 'member', render: () => <InfoSwiperPage /> },
  { path: '/member/type/article-index', layout: 'member', render: () => <ArticleIndexPage /> },
  { path: '/black-gold/promote', layout: 'privilege', render: () => <BlackGoldPromotePage /> },
  { path: '/black-gold/industry-revival/intro', layout: 'privilege', render: () => <IndustryRevivalIntroPage /> },
  { path: '/black-gold/industry-revival/:columnId', layout: 'privilege', render: (p) => <IndustryRevivalColumnPage columnId={p.columnId} /> },
  // spec 001 §2 /album/{columnId?}: without an id, the albums on sale; /album/{id} is the reading column page's album (ui/reading/columns)
  { path: '/album', layout: 'member', render: () => <AlbumIndexPage /> },
]
