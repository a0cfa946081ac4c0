// Named documents and agreements (spec 000 §7 'Other'): the body's {{key}} placeholders are filled here,
// server-side, with core/reading/docs (site parameters, then an agreement's paramMap over them).
import type { AgreementDocument, NamedDocument } from '../../../core/api/reading-docs'
import { renderDocument } from '../../../core/reading/docs/blocks'
import type { Db } from '../../db/db'
import { notFound } from '../../http/api-error'
import { SITE_DOC_PARAMS } from '../../../fixtures/reading-docs/documents'
import type { DocsTables } from '../../db/schema'

export const DOC_MESSAGES = {
  documentNotFound: '文档不存在',
  agreementsNotFound: '协议不存在',
} as const

const tables = (db: Db) => db.kysely.withTables<DocsTables>()

/** The parameters every document may use. */
export const siteParams: Readonly<Record<string, string>> = SITE_DOC_PARAMS

export async function documentByName(db: Db, name: string): Promise<NamedDocument> {
  const row = await tables(db).selectFrom('documents').selectAll().where('name', '=', name).executeTakeFirst()
  if (!row) throw notFound(DOC_MESSAGES.documentNotFound)
  return { name: row.name, title: row.title, updateTimestamp: Number(row.update_timestamp), blocks: renderDocument(row.body, siteParams) }
}

function parseParamMap(text: string): Record<string, string> {
  const parsed: unknown = JSON.parse(text)
  const out: Record<string, string> = {}
  if (parsed && typeof parsed === 'object') for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v
  return out
}

export async function routeAgreements(db: Db, routeId: number): Promise<AgreementDocument[]> {
  const rows = await tables(db)
    .selectFrom('agreements as ag')
    .innerJoin('documents as d', 'd.name', 'ag.document_name')
    .select(['ag.id', 'ag.title', 'ag.param_map', 'd.body'])
    .where('ag.route_id', '=', routeId)
    .orderBy('ag.sort')
    .orderBy('ag.id')
    .execute()
  if (rows.length === 0) throw notFound(DOC_MESSAGES.agreementsNotFound)
  return rows.map((r) => {
    const paramMap = parseParamMap(r.param_map)
    return { id: r.id, title: r.title, paramMap, blocks: renderDocument(r.body, { ...siteParams, ...paramMap }) }
  })
}
