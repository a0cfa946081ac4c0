// Goods, specs, prices (integer cents) and coupons (issue 13; spec 001 §3 'Order goods', 'Purchase
// info', 'Coupon', 'Order info'; §7 'Membership and purchase'). One typed row shape per entity.
import { createHash, createHmac } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Coupon, GoodsByType, GoodsType, OrderGoods, OrderInfo, PurchaseInfo } from '../../core/api/order'
import { applyCoupon, firstCoupon } from '../../core/order/pricing'
import { formatPriceCents } from '../../core/format/money'
import { signInput } from '../../core/payment/sign'
import type { PayChannel } from '../../core/api/payment'
import type { Database } from '../db/schema'
import { ApiError, notFound } from '../http/api-error'
import { tierIcon } from './grants'
import { coinOf } from '../accounts/users-repository'
import { accountMemberAt } from '../accounts/users-repository'
import { holdsTierAt, isRenewBlocked } from './memberships-repository'

type K = Kysely<Database>

export const PURCHASE_MESSAGES = {
  specNotFound: '商品不存在或已下架',
  couponUnavailable: '优惠券不可用或已使用',
  signMismatch: '订单校验失败，请刷新后重试',
  priceChanged: '订单金额与商品价格不符，请刷新后重试',
  // spec 001 §4: some accounts cannot renew on the website
  renewBlocked: '该账号暂不支持在网站续费会员，请联系会员客服',
  // spec 001 §8 tooltip
  needQualification: '请完成实名认证及合格投资者认证',
  alreadyOwned: '您已购买过该商品，无需重复购买',
  cdKeyInvalid: '兑换码无效或已过期',
  cdKeyUsed: '您已兑换过该兑换码',
  rechargeOnly: '格隆贝请通过充值购买',
  addonUnavailable: '会员加购优惠不可用，请刷新后重试',
  notRecharge: '该商品不是格隆贝充值商品',
} as const

/**
 * The membership add-on (spec 001 §3 'Purchase info' vipDiscount; §4 'Toggling the membership add-on
 * toggles its specs id and recomputes payment'; 'Membership discount offers show only to non-members'):
 * a non-member buying a single item (article, column, research report) may add a gold month and pays
 * the item at 9 折. Ours: which spec, the rate and the texts. The good and the month are sold as one
 * package whose id is the good's plus PACKAGE_BASE (above every spec id), so the order, its sign and
 * its idempotency key name both.
 */
export const MEMBER_ADDON = {
  specsId: 101,
  percentPaid: 90,
  packageBase: 1_500_000_000,
  tip: '开通黄金会员，本单立享9折',
  summary: '会员专享文章与研报全文、每日会员早报',
  button: '加购黄金会员月卡',
  // the gold member icon the site already serves
  icon: tierIcon('gold'),
} as const
export const packageIdOf = (specsId: number): number => MEMBER_ADDON.packageBase + specsId
/** The good of a package id, or null when the id names a spec itself. */
export const packagedSpecOf = (goodsId: number): number | null => (goodsId > MEMBER_ADDON.packageBase ? goodsId - MEMBER_ADDON.packageBase : null)

/** The public key the sign covers (spec 001 §7; ours: a key id, rotated by changing it). */
export const PUBLIC_KEY = 'gmh-web-1'

/** What a spec is called on pages and orders: its goods and its own name, the goods' once ('黄金会员·月卡', not '黄金会员 黄金会员·月卡'). */
export const specTitle = (spec: { goods_name: string; name: string }): string =>
  spec.name.includes(spec.goods_name) ? spec.name : `${spec.goods_name} ${spec.name}`

export interface SpecRow {
  id: number
  name: string
  price_cents: number
  original_price_cents: number | null
  months: number | null
  coin_cents: number | null
  goods_id: number
  type: GoodsType
  ref_kind: 'article' | 'column' | 'report' | 'membership' | 'coin' | 'circle'
  ref_id: number | null
  tier: 'gold' | 'platinum' | 'ultimate' | null
  title: string
  goods_name: string
  link: string
  agreement_route_id: number | null
  risk_level: number | null
}

const SPEC_SELECT = sql`SELECT s.id, s.name, s.price_cents, s.original_price_cents, s.months, s.coin_cents, s.goods_id,
  g.type, g.ref_kind, g.ref_id, g.tier, g.title, g.name AS goods_name, g.link, g.agreement_route_id, g.risk_level
  FROM goods_specs s JOIN goods g ON g.id = s.goods_id`

export async function specOf(k: K, specsId: number): Promise<SpecRow | undefined> {
  return (await sql<SpecRow>`${SPEC_SELECT} WHERE s.id = ${specsId}`.execute(k)).rows[0]
}

export async function requireSpec(k: K, specsId: number): Promise<SpecRow> {
  const spec = await specOf(k, specsId)
  if (!spec) throw notFound(PURCHASE_MESSAGES.specNotFound)
  return spec
}

const yuan = (cents: number) => `¥${formatPriceCents(cents)}`

// --- coupons ----------------------------------------------------------------------------------

interface CouponRow {
  id: number
  name: string
  description: string
  amount_cents: number | null
  discount_percent: number | null
  start_timestamp: number
  end_timestamp: number
  used: boolean
}

const toCoupon = (r: CouponRow, nowSeconds: number): Coupon => ({
  couponId: r.id,
  couponName: r.name,
  startTimestamp: Number(r.start_timestamp),
  endTimestamp: Number(r.end_timestamp),
  description: r.description,
  ...(r.amount_cents !== null ? { amount: r.amount_cents } : {}),
  ...(r.discount_percent !== null ? { discount: r.discount_percent / 100 } : {}),
  isAvailable: !r.used && Number(r.start_timestamp) <= nowSeconds && nowSeconds <= Number(r.end_timestamp),
})

/** The reader's coupons (welcome ones and those exchanged), for a type of goods or all; used = paid for an order. */
export async function couponsOf(k: K, userId: number, goodsType: GoodsType | null, nowSeconds: number): Promise<Coupon[]> {
  const rows = (await sql<CouponRow>`
    SELECT t.id, t.name, t.description, t.amount_cents, t.discount_percent, t.start_timestamp, t.end_timestamp,
      EXISTS (SELECT 1 FROM orders o WHERE o.user_id = ${userId} AND o.coupon_id = t.id AND o.status = 'paid') AS used
    FROM coupon_templates t
    WHERE (t.welcome OR EXISTS (SELECT 1 FROM user_coupons uc WHERE uc.user_id = ${userId} AND uc.template_id = t.id))
      AND (${goodsType}::text IS NULL OR t.goods_type IS NULL OR t.goods_type = ${goodsType})
    ORDER BY t.id`.execute(k)).rows
  const coupons = rows.map((r) => toCoupon(r, nowSeconds))
  // usable first, in id order (spec 001 §4: the first coupon is picked automatically)
  return [...coupons.filter((c) => c.isAvailable), ...coupons.filter((c) => !c.isAvailable)]
}

/** GET /api/user-coupons/exchange (cdKey): the coupon of a cdKey, once per reader. */
export async function exchangeCdKey(k: K, userId: number, cdKey: string, nowSeconds: number): Promise<Coupon> {
  const t = (await sql<{ id: number; end_timestamp: number }>`SELECT id, end_timestamp FROM coupon_templates WHERE cd_key = ${cdKey}`.execute(k)).rows[0]
  if (!t || Number(t.end_timestamp) < nowSeconds) throw new ApiError(400, PURCHASE_MESSAGES.cdKeyInvalid)
  const inserted = await sql`INSERT INTO user_coupons (user_id, template_id, create_timestamp) VALUES (${userId}, ${t.id}, ${nowSeconds})
    ON CONFLICT DO NOTHING RETURNING template_id`.execute(k)
  if (inserted.rows.length === 0) throw new ApiError(400, PURCHASE_MESSAGES.cdKeyUsed)
  const coupon = (await couponsOf(k, userId, null, nowSeconds)).find((c) => c.couponId === t.id)
  return coupon!
}

// --- quotes -------------------------------------------------------------------------------------

export interface Quote {
  spec: SpecRow
  /** the membership add-on's spec when chosen */
  addon: SpecRow | null
  /** payInfo.packageSpecsId: the spec's id, or its package's with the add-on */
  packageId: number
  coupons: Coupon[]
  coupon: Coupon | null
  /** cents */
  total: number
  /** the user token the sign covers: binds reader, spec, coupon and total */
  userToken: string
}

/**
 * The price of record for a reader, a spec and a coupon. An explicit coupon must be the reader's and
 * usable; without one the first usable coupon is chosen unless `noNeedCoupon` (spec 001 §4).
 */
/**
 * A single item a reader without membership is buying: the add-on is offered (spec 001 §4). Not to an
 * account that may not buy membership on the website (the renew-blocked ones).
 */
async function addonOffered(k: K, userId: number, spec: SpecRow, nowSeconds: number): Promise<boolean> {
  if (spec.ref_kind !== 'article' && spec.ref_kind !== 'column' && spec.ref_kind !== 'report') return false
  return !(await holdsTierAt(k, userId, nowSeconds)) && !(await accountMemberAt(k, userId, nowSeconds)) && !(await isRenewBlocked(k, userId))
}

export async function quote(k: K, secret: Buffer, userId: number, specsId: number, couponId: number | undefined, noNeedCoupon: boolean, nowSeconds: number, withAddon = false): Promise<Quote> {
  const spec = await requireSpec(k, specsId)
  if (withAddon && !(await addonOffered(k, userId, spec, nowSeconds))) throw new ApiError(400, PURCHASE_MESSAGES.addonUnavailable)
  const addon = withAddon ? await requireSpec(k, MEMBER_ADDON.specsId) : null
  const coupons = spec.ref_kind === 'coin' ? [] : await couponsOf(k, userId, spec.type, nowSeconds)
  let coupon: Coupon | null
  if (couponId !== undefined) {
    coupon = coupons.find((c) => c.couponId === couponId) ?? null
    if (!coupon || !coupon.isAvailable) throw new ApiError(400, PURCHASE_MESSAGES.couponUnavailable)
  } else {
    coupon = noNeedCoupon ? null : firstCoupon(coupons)
  }
  // the coupon is the good's (its type's); the add-on's month is added at its own price
  const goodsPrice = addon ? Math.round((spec.price_cents * MEMBER_ADDON.percentPaid) / 100) : spec.price_cents
  const total = applyCoupon(goodsPrice, coupon) + (addon?.price_cents ?? 0)
  const packageId = addon ? packageIdOf(spec.id) : spec.id
  const userToken = createHmac('sha256', secret).update(`${userId}|${packageId}|${coupon?.couponId ?? 0}|${total}`).digest('base64url')
  return { spec, addon, packageId, coupons, coupon, total, userToken }
}

/** spec 001 §7 sign: SHA-256 (hex) of package id, channel, 'web', public key and user token (core/payment/sign.ts). */
export const expectedSign = (goodsId: number, channel: PayChannel, userToken: string): string =>
  createHash('sha256').update(signInput(goodsId, channel, PUBLIC_KEY, userToken)).digest('hex')

const periodOf = (s: SpecRow) => (s.months ? (s.months % 12 === 0 ? `${s.months / 12}年` : `${s.months}个月`) : undefined)

async function agreementsOf(k: K, routeId: number | null): Promise<{ id: number; title: string; paramMap: Record<string, string> }[]> {
  if (routeId === null) return []
  const rows = (await sql<{ id: number; title: string; param_map: string }>`SELECT id, title, param_map FROM agreements WHERE route_id = ${routeId} ORDER BY sort, id`.execute(k)).rows
  return rows.map((r) => ({ id: r.id, title: r.title, paramMap: JSON.parse(r.param_map) as Record<string, string> }))
}

const RIGHTS: Record<string, string[]> = {
  gold: ['会员专享文章与研报全文', '每日会员早报', '会员专属优惠券'],
  platinum: ['黄金会员全部权益', '核心资产深度分析', '专属投资顾问答疑'],
  ultimate: ['铂金会员全部权益', '全部付费研报', '线下活动优先席位'],
}

/** GET /api/purchase/commodity/payment/v2: the order info of the dialog (spec 001 §3 'Order info'). */
export async function orderInfo(k: K, secret: Buffer, userId: number, specsIds: readonly number[], couponId: number | undefined, noNeedCoupon: boolean, nowSeconds: number): Promise<OrderInfo> {
  const [specsId, ...more] = specsIds
  // the good, and the add-on's spec when the reader toggled it on (core/order/pricing.ts specsIdsFor)
  if (more.some((id) => id !== MEMBER_ADDON.specsId) || more.length > 1) throw new ApiError(400, PURCHASE_MESSAGES.addonUnavailable)
  const q = await quote(k, secret, userId, specsId!, couponId, noNeedCoupon, nowSeconds, more.length === 1)
  const offered = q.addon !== null || (await addonOffered(k, userId, q.spec, nowSeconds))
  const coin = await coinOf(k, userId)
  return {
    couponList: q.coupons,
    chooseCoupon: q.coupon,
    vipDiscount: offered ? { specsId: MEMBER_ADDON.specsId, tip: MEMBER_ADDON.tip, summary: MEMBER_ADDON.summary, button: MEMBER_ADDON.button, icon: MEMBER_ADDON.icon } : null,
    agreements: await agreementsOf(k, q.spec.agreement_route_id),
    payInfo: {
      total: q.total,
      totalText: yuan(q.total),
      goods: [
        { name: specTitle(q.spec), currentPriceText: yuan(q.addon ? Math.round((q.spec.price_cents * MEMBER_ADDON.percentPaid) / 100) : q.spec.price_cents) },
        ...(q.addon ? [{ name: specTitle(q.addon), currentPriceText: yuan(q.addon.price_cents) }] : []),
      ],
      packageSpecsId: q.packageId,
    },
    publicKey: PUBLIC_KEY,
    userToken: q.userToken,
    ...(q.spec.tier ? { rightDescription: { title: `${q.spec.goods_name}权益`, rightDescriptionList: RIGHTS[q.spec.tier] ?? [] } } : {}),
    userCoin: Number(coin),
  }
}

// --- goods list -----------------------------------------------------------------------------------

/** GET /api/purchase/goods-list/v7 (specsId, onlyVip): the goods by type, each spec priced. */
export async function goodsList(k: K, userId: number | null, specsId: number | undefined, nowSeconds: number): Promise<GoodsByType> {
  const anchor = specsId === undefined ? undefined : await requireSpec(k, specsId)
  const rows = anchor && anchor.type !== 'vip'
    ? (await sql<SpecRow>`${SPEC_SELECT} WHERE s.goods_id = ${anchor.goods_id} ORDER BY s.sort, s.id`.execute(k)).rows
    : (await sql<SpecRow>`${SPEC_SELECT} WHERE g.type = 'vip' ORDER BY g.id, s.sort, s.id`.execute(k)).rows
  if (rows.length === 0) return {}
  const first = rows[0]!
  // 格隆贝 takes no coupon (quote: a coin spec has none), so its amounts show none and no 券后 price
  const coupons = userId === null || first.ref_kind === 'coin' ? [] : await couponsOf(k, userId, first.type, nowSeconds)
  const infos: PurchaseInfo[] = []
  for (const s of rows) {
    const best = firstCoupon(coupons)
    infos.push({
      specsId: s.id,
      name: s.name,
      price: s.price_cents,
      ...(s.original_price_cents ? { originalPriceText: yuan(s.original_price_cents) } : {}),
      currentPriceText: yuan(s.price_cents),
      ...(periodOf(s) ? { period: periodOf(s)! } : {}),
      ...(s.tier ? { tag: s.goods_name } : {}),
      ...(best ? { badge: `券后${yuan(applyCoupon(s.price_cents, best))}` } : {}),
      displayButtonText: s.ref_kind === 'coin' ? '立即充值' : '立即开通',
      coupons,
      vipDiscount: null,
      agreements: await agreementsOf(k, s.agreement_route_id),
    })
  }
  const goods: OrderGoods = { title: anchor && anchor.type !== 'vip' ? anchor.title : '开通会员', name: anchor && anchor.type !== 'vip' ? anchor.goods_name : '港美汇会员', link: first.link, purchaseInfos: infos }
  return { [first.type]: goods } as GoodsByType
}
