// Seed rows of the reading 'columns' part (see server/db/feature-seeds.ts). Versions 210–229.
import { sql } from 'kysely'
import type { FeatureSeed } from '../../db/feature-seeds'
import type { Db } from '../../db/db'
import { generateSubjects } from '../../../fixtures/reading-columns/subjects'
import type { ColumnsTables } from '../../db/schema'
import { ARTICLE, FLASH } from './items'

/** Subjects and hotspots over the seeded articles and flashes; running it again adds nothing (forced reseeds). */
export async function seedSubjects(db: Db): Promise<void> {
  const k = db.kysely.withTables<ColumnsTables>()
  const articles = (await db.kysely.selectFrom('articles').select(['id', 'title', 'tags', 'create_timestamp']).orderBy('id').execute()).map((a) => ({
    id: a.id,
    title: a.title,
    tags: a.tags,
    createTimestamp: Number(a.create_timestamp),
  }))
  const flashes = (await db.kysely.selectFrom('flashes').select(['id', 'title', 'content', 'create_timestamp']).orderBy('id').execute()).map((f) => ({
    id: f.id,
    title: f.title,
    content: f.content,
    createTimestamp: Number(f.create_timestamp),
  }))
  const { subjects, hotspots } = generateSubjects(articles, flashes)
  const kind = (c: { kind: 1 | 2 }) => (c.kind === 1 ? ARTICLE : FLASH)
  for (const s of subjects) {
    await k.insertInto('subjects').values({ id: s.id, title: s.title, brief: s.brief, cover_url: s.coverUrl, is_hot: s.isHot, create_timestamp: s.createTimestamp }).onConflict((oc) => oc.column('id').doNothing()).execute()
    if (s.contents.length)
      await k
        .insertInto('subject_contents')
        .values(s.contents.map((c) => ({ subject_id: s.id, kind: kind(c), ref_id: c.refId, is_choice: c.isChoice, create_timestamp: c.createTimestamp })))
        .onConflict((oc) => oc.doNothing())
        .execute()
  }
  for (const h of hotspots) {
    await k.insertInto('hotspots').values({ id: h.id, title: h.title, brief: h.brief, heat: h.heat, create_timestamp: h.createTimestamp }).onConflict((oc) => oc.column('id').doNothing()).execute()
    if (h.contents.length)
      await k
        .insertInto('hotspot_contents')
        .values(h.contents.map((c) => ({ hotspot_id: h.id, kind: kind(c), ref_id: c.refId, create_timestamp: c.createTimestamp })))
        .onConflict((oc) => oc.doNothing())
        .execute()
  }
  // identity columns: later inserts continue after the seeded ids
  await db.kysely.executeQuery(
    sql`SELECT setval(pg_get_serial_sequence('subjects', 'id'), (SELECT max(id) FROM subjects)), setval(pg_get_serial_sequence('hotspots', 'id'), (SELECT max(id) FROM hotspots))`.compile(db.kysely),
  )
}

export const readingColumnsSeeds: FeatureSeed[] = [{ version: 210, name: 'reading columns: subjects and hotspots', run: (db) => seedSubjects(db) }]
