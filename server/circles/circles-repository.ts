// The circles table (025_circles.sql; spec 001 §3 'Financial circle / moment'): every query on it. A
// circle's row with its owner's profile, and the cheapest spec of its good when it is paid.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { CirclesTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import type { CircleType } from '../../core/circles/limits'
import type { ReviewStatus } from '../../core/api/posting'

export type CircleRow = Selectable<CirclesTable> & {
  owner_nick: string
  owner_avatar: string
  owner_brief: string
  member_count: number
  dynamic_count: number
  /** the cheapest spec of its good (null: free) */
  specs_id: number | null
  price_cents: number | null
  months: number | null
}

/** goods_specs is typed here only for the subqueries below (server/db/schema.ts leaves the money tables to server/membership). */
interface GoodsSpecsTable {
  id: number
  goods_id: number
  price_cents: number
  months: number | null
}

function circleQuery(d: Queryable) {
  return k(d)
    .withTables<{ goods_specs: GoodsSpecsTable }>()
    .selectFrom('circles as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .selectAll('c')
    .select((eb) => {
      // the cheapest spec of the circle's good (null: free)
      const cheapest = () => eb.selectFrom('goods_specs as s').whereRef('s.goods_id', '=', 'c.goods_id').orderBy('s.price_cents').orderBy('s.id').limit(1)
      return [
        'u.nick as owner_nick',
        'u.avatar as owner_avatar',
        'u.brief as owner_brief',
        eb.selectFrom('circle_members as m').whereRef('m.circle_id', '=', 'c.id').select((e) => e.fn.countAll<number>().as('n')).as('member_count'),
        eb
          .selectFrom('circle_dynamics as d')
          .whereRef('d.circle_id', '=', 'c.id')
          .where('d.status', '=', 'approved')
          .where('d.ignored', '=', false)
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('dynamic_count'),
        cheapest().select('s.id').as('specs_id'),
        cheapest().select('s.price_cents').as('price_cents'),
        cheapest().select('s.months').as('months'),
      ]
    })
}

const normal = (r: CircleRow): CircleRow => ({
  ...r,
  member_count: Number(r.member_count),
  dynamic_count: Number(r.dynamic_count),
  specs_id: r.specs_id === null ? null : Number(r.specs_id),
  price_cents: r.price_cents === null ? null : Number(r.price_cents),
  months: r.months === null ? null : Number(r.months),
  create_timestamp: Number(r.create_timestamp),
})

export async function findCircle(d: Queryable, id: number): Promise<CircleRow | undefined> {
  const r = await circleQuery(d).where('c.id', '=', id).executeTakeFirst()
  return r && normal(r as CircleRow)
}

export async function circlesByIds(d: Queryable, ids: readonly number[]): Promise<CircleRow[]> {
  if (ids.length === 0) return []
  const rows = await circleQuery(d).where('c.id', 'in', [...ids]).orderBy('c.create_timestamp', 'desc').orderBy('c.id', 'desc').execute()
  return rows.map((r) => normal(r as CircleRow))
}

/** Approved circles, newest first (optionally of one type; recommended ones by their sort). */
export async function listCircles(
  d: Queryable,
  at: { type?: CircleType | undefined; recommendedOnly?: boolean; ownerId?: number; offset: number; limit: number },
): Promise<{ rows: CircleRow[]; total: number }> {
  let q = circleQuery(d).where('c.review_status', '=', 'approved')
  let count = k(d).selectFrom('circles as c').where('c.review_status', '=', 'approved')
  if (at.type) {
    q = q.where('c.type', '=', at.type)
    count = count.where('c.type', '=', at.type)
  }
  if (at.recommendedOnly) {
    q = q.where('c.recommended', '=', true).orderBy('c.recommend_sort')
    count = count.where('c.recommended', '=', true)
  }
  if (at.ownerId !== undefined) {
    // one owner's circles come in the order they set in the console (operate/sort, migration 032)
    q = q.where('c.owner_id', '=', at.ownerId).orderBy('c.owner_sort')
    count = count.where('c.owner_id', '=', at.ownerId)
  }
  const rows = await q.orderBy('c.create_timestamp', 'desc').orderBy('c.id', 'desc').offset(at.offset).limit(at.limit).execute()
  const total = await count.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as CircleRow)), total: Number(total.n) }
}

/** Approved circles whose name or brief holds the keyword (case-insensitive), newest first. */
/** The ids of every circle a user owns, of any review status (the console lists them all), newest first. */
export async function circleIdsOwnedBy(d: Queryable, ownerId: number, type?: CircleType): Promise<number[]> {
  let q = k(d).selectFrom('circles').select('id').where('owner_id', '=', ownerId)
  if (type !== undefined) q = q.where('type', '=', type)
  const rows = await q.orderBy('create_timestamp', 'desc').orderBy('id', 'desc').execute()
  return rows.map((r) => Number(r.id))
}

export async function searchCircles(d: Queryable, keyword: string, at: { offset: number; limit: number }): Promise<{ rows: CircleRow[]; total: number }> {
  const like = `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
  const match = (q: ReturnType<typeof circleQuery>) =>
    q.where('c.review_status', '=', 'approved').where((eb) => eb.or([eb('c.name', 'ilike', like), eb('c.brief', 'ilike', like)]))
  const rows = await match(circleQuery(d)).orderBy('c.recommended', 'desc').orderBy('c.create_timestamp', 'desc').orderBy('c.id', 'desc').offset(at.offset).limit(at.limit).execute()
  const total = await k(d)
    .selectFrom('circles as c')
    .where('c.review_status', '=', 'approved')
    .where((eb) => eb.or([eb('c.name', 'ilike', like), eb('c.brief', 'ilike', like)]))
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as CircleRow)), total: Number(total.n) }
}

/** The owners of recommended circles, with how many circles and members they have. */
export async function recommendedOwners(d: Queryable, at: { offset: number; limit: number }): Promise<{ rows: { owner_id: number; circle_count: number; member_count: number }[]; total: number }> {
  const base = k(d).selectFrom('circles as c').where('c.review_status', '=', 'approved').where('c.recommended', '=', true)
  const rows = await base
    .select((eb) => [
      'c.owner_id',
      eb.fn.countAll<number>().as('circle_count'),
      eb.fn
        .coalesce(eb.fn.sum<number>(eb.selectFrom('circle_members as m').whereRef('m.circle_id', '=', 'c.id').select((e) => e.fn.countAll<number>().as('n'))), eb.lit(0))
        .as('member_count'),
      eb.fn.min('c.recommend_sort').as('first_sort'),
    ])
    .groupBy('c.owner_id')
    .orderBy('first_sort')
    .orderBy('c.owner_id')
    .offset(at.offset)
    .limit(at.limit)
    .execute()
  const total = await base.select((e) => e.fn.count<number>('c.owner_id').distinct().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => ({ owner_id: Number(r.owner_id), circle_count: Number(r.circle_count), member_count: Number(r.member_count) })), total: Number(total.n) }
}

export async function insertCircle(d: Queryable, row: Insertable<CirclesTable>): Promise<number> {
  const r = await k(d).insertInto('circles').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

/** A circle's id by its good (a financialCircle order's grant). */
export async function circleIdByGoods(d: Queryable, goodsId: number): Promise<number | undefined> {
  const r = await k(d).selectFrom('circles').select('id').where('goods_id', '=', goodsId).executeTakeFirst()
  return r ? Number(r.id) : undefined
}

/** goods and goods_specs as a paid circle's seed writes them (typed here only; server/membership owns them). */
type CircleGoodsTables = {
  goods: { id: number; type: string; ref_kind: string; ref_id: number | null; title: string; name: string; link: string }
  goods_specs: { id: number; goods_id: number; name: string; price_cents: number; months: number | null; sort: number }
}

/** A paid circle's good (type financialCircle, ref_kind circle) with one yearly spec of the same id. */
export async function insertCircleGoods(d: Queryable, g: { id: number; circleId: number; name: string; priceCents: number; months: number }): Promise<void> {
  const kk = k(d).withTables<CircleGoodsTables>()
  await kk
    .insertInto('goods')
    .values({ id: g.id, type: 'financialCircle', ref_kind: 'circle', ref_id: g.circleId, title: `加入圈子：${g.name}`.slice(0, 100), name: g.name, link: `/chiefCircle/detail/${g.circleId}` })
    .onConflict((oc) => oc.doNothing())
    .execute()
  await kk
    .insertInto('goods_specs')
    .values({ id: g.id, goods_id: g.id, name: `${g.name}·${g.months === 12 ? '年费' : `${g.months}个月`}`.slice(0, 100), price_cents: g.priceCents, months: g.months, sort: 0 })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export async function setCircleGoods(d: Queryable, circleId: number, goodsId: number): Promise<void> {
  await k(d).updateTable('circles').set({ goods_id: goodsId }).where('id', '=', circleId).execute()
}

export async function circleIdByName(d: Queryable, name: string): Promise<number | undefined> {
  const r = await k(d).selectFrom('circles').select('id').where('name', '=', name).executeTakeFirst()
  return r ? Number(r.id) : undefined
}

/** The circle-admin console's communities (issue 29): these circles of these types, keyword on the name, newest first. */
export async function circlesAmong(
  d: Queryable,
  ids: readonly number[],
  f: { types: readonly CircleType[]; keyword?: string | undefined; offset: number; limit: number },
): Promise<{ rows: CircleRow[]; total: number }> {
  if (ids.length === 0 || f.types.length === 0) return { rows: [], total: 0 }
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined
  const build = <Q extends ReturnType<typeof circleQuery>>(q: Q) => {
    let out = q.where('c.id', 'in', [...ids]).where('c.type', 'in', [...f.types])
    if (like) out = out.where('c.name', 'ilike', like)
    return out
  }
  const rows = await build(circleQuery(d)).orderBy('c.create_timestamp', 'desc').orderBy('c.id', 'desc').offset(f.offset).limit(f.limit).execute()
  const total = await build(circleQuery(d)).clearSelect().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as CircleRow)), total: Number(total.n) }
}

/** The console's edit of a circle's words (issue 29: community-edit). */
export async function updateCircleText(d: Queryable, id: number, f: { name: string; brief: string; intro?: string | undefined; tip?: string | undefined; avatar?: string | undefined }): Promise<void> {
  const set: Updateable<CirclesTable> = { name: f.name, brief: f.brief }
  if (f.intro !== undefined) set.intro = f.intro
  if (f.tip !== undefined) set.tip = f.tip
  if (f.avatar !== undefined) set.avatar = f.avatar
  await k(d).updateTable('circles').set(set).where('id', '=', id).execute()
}

/** The owner's pinned announcement ('' takes it down; migration 031). */
export async function setAnnouncement(d: Queryable, id: number, text: string, nowSeconds: number): Promise<void> {
  await k(d).updateTable('circles').set({ announcement: text, announcement_timestamp: text ? nowSeconds : null }).where('id', '=', id).execute()
}

// --- the circle-admin console's circles (issue 29; migration 032) ----------------------------------

/** goods and goods_specs as the console writes them: ids drawn from their identities (migration 032). */
type ConsoleGoodsTables = {
  goods: Omit<CircleGoodsTables['goods'], 'id'> & { id: Generated<number> }
  goods_specs: Omit<CircleGoodsTables['goods_specs'], 'id'> & { id: Generated<number> }
  orders: { specs_id: number }
}

/** Moves a circle from one review status to another (with the reviewer's reason); false when it was not in `from`. */
export async function setReviewStatus(d: Queryable, id: number, from: readonly ReviewStatus[], to: ReviewStatus, rejectReason: string | null): Promise<boolean> {
  const r = await k(d).updateTable('circles').set({ review_status: to, reject_reason: rejectReason }).where('id', '=', id).where('review_status', 'in', [...from]).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** The circles waiting for review, oldest first, with the total. */
export async function circlesInReview(d: Queryable, at: { offset: number; limit: number }): Promise<{ rows: CircleRow[]; total: number }> {
  const rows = await circleQuery(d).where('c.review_status', '=', 'reviewing').orderBy('c.create_timestamp').orderBy('c.id').offset(at.offset).limit(at.limit).execute()
  const total = await k(d).selectFrom('circles').where('review_status', '=', 'reviewing').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as CircleRow)), total: Number(total.n) }
}

/** operate/sort: an owner's circles in the order their pages show them. */
export async function ownedInOrder(d: Queryable, ownerId: number): Promise<{ id: number; name: string; type: CircleType }[]> {
  const rows = await k(d).selectFrom('circles').select(['id', 'name', 'type']).where('owner_id', '=', ownerId).orderBy('owner_sort').orderBy('create_timestamp', 'desc').orderBy('id', 'desc').execute()
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/** operate/sort: the owner's circles in this order (owner_sort 1, 2, …). */
export async function setOwnerOrder(d: Queryable, ownerId: number, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) await k(d).updateTable('circles').set({ owner_sort: i + 1 }).where('owner_id', '=', ownerId).where('id', '=', id).execute()
}

/** A console circle's good: type financialCircle, its id drawn from the goods identity (migration 032). */
export async function insertConsoleGoods(d: Queryable, g: { circleId: number; name: string }): Promise<number> {
  const r = await k(d)
    .withTables<ConsoleGoodsTables>()
    .insertInto('goods')
    .values({ type: 'financialCircle', ref_kind: 'circle', ref_id: g.circleId, title: `加入圈子：${g.name}`.slice(0, 100), name: g.name, link: `/chiefCircle/detail/${g.circleId}` })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(r.id)
}

/** A good's name as the order dialog shows it, after a rename. */
export async function renameGoods(d: Queryable, goodsId: number, name: string): Promise<void> {
  await k(d).withTables<ConsoleGoodsTables>().updateTable('goods').set({ name, title: `加入圈子：${name}`.slice(0, 100) }).where('id', '=', goodsId).execute()
}

export interface SpecRow {
  id: number
  months: number
  price_cents: number
  /** some order names it (it cannot be deleted) */
  sold: boolean
}

/** A circle good's specs, shortest period first, and whether any order names each. */
export async function specsOfGoods(d: Queryable, goodsId: number): Promise<SpecRow[]> {
  const rows = await k(d)
    .withTables<ConsoleGoodsTables>()
    .selectFrom('goods_specs as s')
    .select((eb) => ['s.id', 's.months', 's.price_cents', eb.exists(eb.selectFrom('orders as o').whereRef('o.specs_id', '=', 's.id').select('o.specs_id')).as('sold')])
    .where('s.goods_id', '=', goodsId)
    .orderBy('s.months')
    .orderBy('s.id')
    .execute()
  return rows.map((r) => ({ id: Number(r.id), months: Number(r.months), price_cents: Number(r.price_cents), sold: Boolean(r.sold) }))
}

/** A spec's name: '老周港股实战圈·年费', '…·3个月'. */
const specName = (name: string, months: number) => `${name}·${months === 12 ? '年费' : `${months}个月`}`.slice(0, 100)

/** Writes a good's specs to match `specs` (by period): reprices, adds, and deletes the periods no longer listed. */
export async function syncSpecs(d: Queryable, goodsId: number, name: string, specs: readonly { months: number; price: number }[]): Promise<void> {
  const kk = k(d).withTables<ConsoleGoodsTables>()
  const existing = await specsOfGoods(d, goodsId)
  for (const [i, s] of [...specs].sort((a, b) => a.months - b.months).entries()) {
    const have = existing.find((e) => e.months === s.months)
    if (have) await kk.updateTable('goods_specs').set({ price_cents: s.price, name: specName(name, s.months), sort: i }).where('id', '=', have.id).execute()
    else
      await kk
        .insertInto('goods_specs')
        .values({ goods_id: goodsId, name: specName(name, s.months), price_cents: s.price, months: s.months, sort: i })
        .execute()
  }
  const gone = existing.filter((e) => !specs.some((s) => s.months === e.months)).map((e) => e.id)
  if (gone.length) await kk.deleteFrom('goods_specs').where('id', 'in', gone).execute()
}

/** A circle's words and cover as the console edits them. */
export async function updateConsoleCircle(d: Queryable, id: number, f: { name: string; brief: string; intro: string; avatar: string; goodsId: number | null; reviewStatus: ReviewStatus }): Promise<void> {
  await k(d)
    .updateTable('circles')
    .set({ name: f.name, brief: f.brief, intro: f.intro, avatar: f.avatar, goods_id: f.goodsId, review_status: f.reviewStatus, ...(f.reviewStatus === 'rejected' ? {} : { reject_reason: null }) })
    .where('id', '=', id)
    .execute()
}

