// Seed rows of the reading 'docs' part (see server/db/feature-seeds.ts). Versions 250–269 (262: the home reminders of migration 023).
// Home extras (version 260) hang the featured heads off the channels' most read articles.
import type { FeatureSeed } from '../../db/feature-seeds'
import { AGREEMENTS, DOCUMENTS } from '../../../fixtures/reading-docs/documents'
import { generateResearch } from '../../../fixtures/reading-docs/research'
import type { DocsTables, HomeExtrasTables, HomeRemindersTables } from '../../db/schema'
import { generateOpportunityReminds, NCP_REGIONS } from '../../../fixtures/reading-docs/home-reminders'
import { ADS, BANNERS, FEATURED_HEADS, FEATURED_PER_HEAD, SELECTED_PER_HEAD, SUB_CHANNELS } from '../../../fixtures/reading-docs/home-extras'

export const readingDocsSeeds: FeatureSeed[] = [
  {
    version: 250,
    name: 'reading docs: documents, agreements, deep research',
    async run(db, seedNow) {
      const k = db.kysely.withTables<DocsTables>()
      await k
        .insertInto('documents')
        .values(DOCUMENTS.map((d) => ({ name: d.name, title: d.title, body: d.body, update_timestamp: Math.round(seedNow) - 30 * 86_400 })))
        .onConflict((oc) => oc.doNothing())
        .execute()
      await k
        .insertInto('agreements')
        .values(AGREEMENTS.map((a) => ({ id: a.id, route_id: a.routeId, sort: a.sort, title: a.title, document_name: a.documentName, param_map: JSON.stringify(a.paramMap) })))
        .onConflict((oc) => oc.doNothing())
        .execute()
      await k
        .insertInto('research_reports')
        .values(
          generateResearch(seedNow).map((r) => ({
            id: r.id,
            group_id: r.groupId,
            title: r.title,
            summary: r.summary,
            paragraphs: r.paragraphs,
            institution: r.institution,
            analyst: r.analyst,
            rating: r.rating,
            cover_url: r.coverUrl,
            stocks: r.stocks,
            is_pay: r.isPay,
            price_cents: r.priceCents,
            pages: r.pages,
            create_timestamp: r.createTimestamp,
            read_count: r.readCount,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute()
    },
  },
  {
    version: 260,
    name: 'reading docs: home extras (sub-channels, banners, ads, featured heads)',
    async run(db) {
      const k = db.kysely.withTables<HomeExtrasTables>()
      await k.insertInto('sub_channels').values(SUB_CHANNELS.map((c) => ({ id: c.id, parent_type: c.parentType, type: c.type, name: c.name, sort: c.sort }))).onConflict((oc) => oc.doNothing()).execute()
      await k.insertInto('banners').values(BANNERS.map((b) => ({ id: b.id, channel_type: b.channelType, title: b.title, link: b.link, sort: b.sort }))).onConflict((oc) => oc.doNothing()).execute()
      await k
        .insertInto('ads')
        .values(ADS.map((a) => ({ id: a.id, position: a.position, show_type: a.showType, title: a.title, brief: a.brief, advertiser: a.advertiser, link: a.link, sort: a.sort })))
        .onConflict((oc) => oc.doNothing())
        .execute()
      await k.insertInto('featured_heads').values(FEATURED_HEADS.map((h) => ({ id: h.id, title: h.title, brief: h.brief, sort: h.sort }))).onConflict((oc) => oc.doNothing()).execute()
      for (const head of FEATURED_HEADS) {
        // the channel's most read articles, picked once at seed time
        const picks = await db.kysely
          .selectFrom('articles')
          .select('id')
          .where('channel_type', '=', head.channelType)
          .orderBy('read_count', 'desc')
          .orderBy('id')
          .limit(FEATURED_PER_HEAD)
          .execute()
        if (!picks.length) continue
        await k
          .insertInto('featured_contents')
          .values(picks.map((p, i) => ({ head_id: head.id, article_id: p.id, sort: i + 1, selected: i < SELECTED_PER_HEAD })))
          .onConflict((oc) => oc.doNothing())
          .execute()
      }
    },
  },
  {
    version: 262,
    name: 'reading docs: home reminders (NCP figures, opportunity reminders; 023)',
    async run(db, seedNow) {
      const k = db.kysely.withTables<HomeRemindersTables>()
      const updated = Math.round(seedNow) - 86_400
      await k
        .insertInto('ncp_regions')
        .values(NCP_REGIONS.map((r) => ({ id: r.id, name: r.name, confirmed: r.confirmed, cured: r.cured, dead: r.dead, sort: r.sort, update_timestamp: updated })))
        .onConflict((oc) => oc.doNothing())
        .execute()
      await k
        .insertInto('opportunity_reminds')
        .values(
          generateOpportunityReminds(seedNow).map((r) => ({
            id: r.id,
            kind: r.kind,
            title: r.title,
            content: r.content,
            stocks: r.stocks,
            event_timestamp: r.eventTimestamp,
            create_timestamp: r.createTimestamp,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute()
    },
  },
]
