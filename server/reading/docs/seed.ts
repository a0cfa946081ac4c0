// Seed rows of the reading 'docs' part (see server/db/feature-seeds.ts). Versions 250–269.
import type { FeatureSeed } from '../../db/feature-seeds'
import { AGREEMENTS, DOCUMENTS } from '../../../fixtures/reading-docs/documents'
import { generateResearch } from '../../../fixtures/reading-docs/research'
import type { DocsTables } from './db-types'

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
]
