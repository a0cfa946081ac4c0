// Seed rows of membership and purchase (see server/db/feature-seeds.ts). Versions 300–319.
// Goods from fixtures/membership/goods.ts, plus goods made from seeded rows: the first columns are
// sold as paid columns, every paid research report and every VIP article on its own.
import { sql } from 'kysely'
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { modeOf } from '../mode'
import { grantMembership } from './grants'
import { creditCoin } from './ledger'
import { INDUSTRY_REVIVAL_KEY } from './member-content'
import { INDUSTRY_REVIVAL } from '../../core/membership/member-content'
import {
  ARTICLE_GOODS_BASE,
  COLUMN_GOODS_BASE,
  COLUMN_PRICE_CENTS,
  COUPONS,
  MEMBERSHIP_GOODS,
  PAID_COLUMNS,
  PRODUCT_AGREEMENT_ROUTE,
  REPORT_GOODS_BASE,
  VIP_ARTICLE_PRICE_CENTS,
  type FixtureGood,
} from '../../fixtures/membership/goods'
import { createUser, phoneTaken } from '../accounts/users-repository'

const DAY = 86_400

async function insertGood(db: Db, g: FixtureGood, refId: number | null): Promise<void> {
  await sql`INSERT INTO goods (id, type, ref_kind, ref_id, tier, title, name, link, agreement_route_id, risk_level)
    VALUES (${g.id}, ${g.type}, ${g.refKind}, ${refId}, ${g.tier ?? null}, ${g.title}, ${g.name}, ${g.link}, ${g.agreementRouteId ?? null}, ${g.riskLevel ?? null})
    ON CONFLICT DO NOTHING`.execute(db.kysely)
  for (const [i, s] of g.specs.entries()) {
    await sql`INSERT INTO goods_specs (id, goods_id, name, price_cents, original_price_cents, months, coin_cents, sort)
      VALUES (${s.id}, ${g.id}, ${s.name}, ${s.priceCents}, ${s.originalPriceCents ?? null}, ${s.months ?? null}, ${s.coinCents ?? null}, ${i})
      ON CONFLICT DO NOTHING`.execute(db.kysely)
  }
}

export async function seedMembership(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  for (const g of MEMBERSHIP_GOODS) await insertGood(db, g, null)
  const columns = (await sql<{ id: number; name: string }>`SELECT id, name FROM columns ORDER BY id LIMIT ${PAID_COLUMNS}`.execute(db.kysely)).rows
  for (const c of columns) {
    const id = COLUMN_GOODS_BASE + Number(c.id)
    await insertGood(
      db,
      { id, type: 'column', refKind: 'column', title: `订阅专栏：${c.name}`, name: c.name, link: `/album/${c.id}`, agreementRouteId: PRODUCT_AGREEMENT_ROUTE, riskLevel: 3, specs: [{ id, name: `${c.name}·全年订阅`, priceCents: COLUMN_PRICE_CENTS, months: 12 }] },
      Number(c.id),
    )
  }
  const reports = (await sql<{ id: number; title: string; price_cents: number }>`SELECT id, title, price_cents FROM research_reports WHERE is_pay AND price_cents > 0 ORDER BY id`.execute(db.kysely)).rows
  for (const r of reports) {
    const id = REPORT_GOODS_BASE + Number(r.id)
    await insertGood(
      db,
      { id, type: 'article', refKind: 'report', title: `购买研报：${r.title}`.slice(0, 100), name: r.title.slice(0, 100), link: `/rss-detail/${r.id}`, agreementRouteId: PRODUCT_AGREEMENT_ROUTE, riskLevel: 3, specs: [{ id, name: '单篇研报', priceCents: Number(r.price_cents) }] },
      Number(r.id),
    )
  }
  const vip = (await sql<{ id: number; title: string }>`SELECT id, title FROM articles WHERE is_vip ORDER BY id`.execute(db.kysely)).rows
  for (const a of vip) {
    const id = ARTICLE_GOODS_BASE + Number(a.id)
    await insertGood(
      db,
      { id, type: 'article', refKind: 'article', title: `购买文章：${a.title}`.slice(0, 100), name: a.title.slice(0, 100), link: `/news/${a.id}`, riskLevel: 2, specs: [{ id, name: '单篇文章', priceCents: VIP_ARTICLE_PRICE_CENTS }] },
      Number(a.id),
    )
  }
  for (const c of COUPONS) {
    await sql`INSERT INTO coupon_templates (id, name, description, amount_cents, discount_percent, start_timestamp, end_timestamp, goods_type, cd_key, welcome)
      VALUES (${c.id}, ${c.name}, ${c.description}, ${c.amountCents ?? null}, ${c.discountPercent ?? null}, ${now + c.startDays * DAY}, ${now + c.endDays * DAY}, ${c.goodsType ?? null}, ${c.cdKey ?? null}, ${c.welcome ?? false})
      ON CONFLICT DO NOTHING`.execute(db.kysely)
  }
}

/** spec 001 §2: the premium-shop flag (purchases and coupons in the personal area), on for databases seeded before it existed. */
async function seedPremiumShop(db: Db): Promise<void> {
  await sql`INSERT INTO config (key, value) VALUES ('premiumShop', ${JSON.stringify(true)}) ON CONFLICT (key) DO NOTHING`.execute(db.kysely)
}

/**
 * Demo accounts for a newcomer (README 'Demo accounts'; issue 24), local mode only: in production these
 * phones belong to strangers. Each signs in with a code from the local outbox (the terminal and
 * /dev/outbox). The adviser and group owner is chat's (server/chat/seed.ts DEMO_ADVISER_PHONE).
 */
export const DEMO_ACCOUNTS = [
  { phone: '13900000001', nick: '新读者小王', role: 'reader' },
  { phone: '13900000002', nick: '黄金会员老李', role: 'member' },
] as const
/** The demo member: a gold year and 1,000 格隆贝 (cents), given through the ledger as every coin is. */
export const DEMO_MEMBER_COIN_CENTS = 100_000

export async function seedDemoAccounts(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  for (const a of DEMO_ACCOUNTS) {
    if (await phoneTaken(db, a.phone)) continue
    const id = await createUser(db, { nick: a.nick, phone: a.phone, countryCode: '86' }, now * 1000)
    if (a.role === 'member') {
      await grantMembership(db.kysely, id, 'gold', 12, now * 1000)
      await creditCoin(db.kysely, id, DEMO_MEMBER_COIN_CENTS, null, now, 'opening')
    }
  }
}

/** The 黑金 industry-revival series (core/membership/member-content.ts INDUSTRY_REVIVAL): its columns' ids, by name. */
export async function seedIndustryRevival(db: Db): Promise<void> {
  const rows = await db.kysely.selectFrom('columns').select(['id', 'name']).where('name', 'in', [...INDUSTRY_REVIVAL.columnNames]).execute()
  const ids = INDUSTRY_REVIVAL.columnNames.flatMap((n) => rows.filter((r) => r.name === n).map((r) => Number(r.id)))
  await sql`INSERT INTO config (key, value) VALUES (${INDUSTRY_REVIVAL_KEY}, ${JSON.stringify(ids)}) ON CONFLICT (key) DO NOTHING`.execute(db.kysely)
}

export const membershipSeeds: FeatureSeed[] = [
  { version: 300, name: 'membership: goods, specs, coupons', run: seedMembership },
  { version: 301, name: 'membership: the premium-shop flag on', run: seedPremiumShop },
  { version: 302, name: 'membership: demo reader and member (local mode only)', run: async (db, seedNow) => (modeOf(process.env) === 'local' ? seedDemoAccounts(db, seedNow) : undefined) },
  { version: 303, name: 'membership: the industry-revival series', run: seedIndustryRevival },
]
