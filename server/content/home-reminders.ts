// The home page's reminders (spec 000 §7 'Other'): the NCP figures (/api/NCP_data) and the opportunity
// reminders (/api/opportunityRemind/list/v1), one module for the two tables of migration 023.
import { numberedPage, type NumberedPage } from '../../core/api/page'
import type { NcpData, OpportunityKind, OpportunityRemind } from '../../core/api/content'
import { NCP_SOURCE } from '../../fixtures/reading-docs/home-reminders'
import type { Db } from '../db/db'
import type { HomeRemindersTables } from '../db/schema'
import type { ContentLang } from '../i18n/to-hk'
import { refsOf, stockNames } from './stocks'

const tables = (db: Db) => db.kysely.withTables<HomeRemindersTables>()

/** Every region in order; updateTimestamp is the latest row's (0 when nothing is seeded). */
export async function ncpData(db: Db): Promise<NcpData> {
  const rows = await tables(db).selectFrom('ncp_regions').select(['name', 'confirmed', 'cured', 'dead', 'update_timestamp']).orderBy('sort').orderBy('id').execute()
  return {
    updateTimestamp: rows.reduce((latest, r) => Math.max(latest, Number(r.update_timestamp)), 0),
    source: NCP_SOURCE,
    regions: rows.map((r) => ({ name: r.name, confirmed: Number(r.confirmed), cured: Number(r.cured), dead: Number(r.dead) })),
  }
}

/** Newest first, numbered pages. */
export async function opportunityReminds(db: Db, page: number, count: number, lang: ContentLang): Promise<NumberedPage<OpportunityRemind>> {
  const k = tables(db)
  const [total, rows] = await Promise.all([
    k.selectFrom('opportunity_reminds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    k
      .selectFrom('opportunity_reminds')
      .select(['id', 'kind', 'title', 'content', 'stocks', 'event_timestamp', 'create_timestamp'])
      .orderBy('create_timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .offset((page - 1) * count)
      .execute(),
  ])
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  const list = rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as OpportunityKind,
    title: r.title,
    content: r.content,
    stocks: refsOf(r.stocks, names),
    eventTimestamp: Number(r.event_timestamp),
    createTimestamp: Number(r.create_timestamp),
  }))
  return numberedPage(list, { page, count, total: Number(total?.n ?? 0) })
}
