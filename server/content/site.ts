// Site configuration and received client logs.
import type { SiteConfig } from '../../core/api/content'
import type { Db } from '../db/db'
import type { Env } from '../mode'
import { showsSimulatedPrices } from '../market/select-market-feed'

const DEFAULTS: SiteConfig = { vipDisplay: false, premiumShop: false, trendingSearchKeywords: '', externalDataUrl: '' }

/** The stored settings, and (issue 24) whether the prices are a declared demo's simulation: from the environment. */
export async function siteConfig(db: Db, env: Env = process.env): Promise<SiteConfig> {
  const rows = await db.kysely.selectFrom('config').select(['key', 'value']).execute()
  const stored = new Map(rows.map((r) => [r.key, r.value]))
  const bool = (key: keyof SiteConfig) => {
    const v = stored.get(key)
    return typeof v === 'boolean' ? v : (DEFAULTS[key] as boolean)
  }
  const str = (key: keyof SiteConfig) => {
    const v = stored.get(key)
    return typeof v === 'string' ? v : (DEFAULTS[key] as string)
  }
  return {
    vipDisplay: bool('vipDisplay'), premiumShop: bool('premiumShop'), trendingSearchKeywords: str('trendingSearchKeywords'), externalDataUrl: str('externalDataUrl'),
    ...(showsSimulatedPrices(env) ? { simulatedPrices: true } : {}),
  }
}

export interface ReceivedLogs {
  fileDate: string
  logArray: readonly string[]
  logPageNo: number
}

/** Per network address: a page sends a batch now and then, not a stream (issue 9: 30 requests wrote 40 MB in 3 s). */
export const LOG_RATE = { max: 30, windowMs: 60_000 }
/** Only the newest rows are kept: with the 16 KiB body cap at most about 32 MB of logs. */
export const MAX_LOG_ROWS = 2_000

export async function storeLogs(db: Db, logs: ReceivedLogs, userAgent: string, nowSeconds: number, keep = MAX_LOG_ROWS): Promise<void> {
  const inserted = await db.kysely
    .insertInto('logs')
    .values({
      file_date: logs.fileDate,
      page_no: logs.logPageNo,
      lines: [...logs.logArray],
      user_agent: userAgent.slice(0, 512),
      received_at: nowSeconds,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // rotate: everything older than the newest `keep` rows goes (ids only grow)
  await db.kysely.deleteFrom('logs').where('id', '<=', Number(inserted.id) - keep).execute()
}
