// Site configuration and received client logs.
import type { SiteConfig } from '../../core/api/content'
import type { Db } from '../db/db'

const DEFAULTS: SiteConfig = { vipDisplay: false, trendingSearchKeywords: '', externalDataUrl: '' }

export async function siteConfig(db: Db): Promise<SiteConfig> {
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
  return { vipDisplay: bool('vipDisplay'), trendingSearchKeywords: str('trendingSearchKeywords'), externalDataUrl: str('externalDataUrl') }
}

export interface ReceivedLogs {
  fileDate: string
  logArray: readonly string[]
  logPageNo: number
}

export async function storeLogs(db: Db, logs: ReceivedLogs, userAgent: string, nowSeconds: number): Promise<void> {
  await db.kysely
    .insertInto('logs')
    .values({
      file_date: logs.fileDate,
      page_no: logs.logPageNo,
      lines: [...logs.logArray],
      user_agent: userAgent.slice(0, 512),
      received_at: nowSeconds,
    })
    .execute()
}
