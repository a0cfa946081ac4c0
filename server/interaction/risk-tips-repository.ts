// The risk_tips table (014_interaction.sql; spec 000 §7 /api/riskTip/v1): the content categories a
// post is filed under.
import type { Selectable } from 'kysely'
import type { RiskTipsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type RiskTipRow = Selectable<RiskTipsTable>

export async function listRiskTips(d: Queryable): Promise<RiskTipRow[]> {
  return k(d).selectFrom('risk_tips').select(['id', 'name', 'summary']).orderBy('id').execute()
}

export async function riskTipExists(d: Queryable, id: number): Promise<boolean> {
  return (await k(d).selectFrom('risk_tips').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}
