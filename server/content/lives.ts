// Live news flashes (spec 000 §7: /api/live-channels/all/lives, /api/live/{id}/v1, and one live
// channel's: /api/live-channels/{id}/lives, /api/live-channels/{channel}/lives/v4).
import type { LiveChannel, LiveFlash } from '../../core/api/content'
import { ALL_LIVE_CHANNEL, liveChannelById, liveChannelBySlug } from '../../core/content/live-channels'
import type { Selectable } from 'kysely'
import type { Db } from '../db/db'
import type { FlashesTable } from '../db/schema'
import type { ContentLang } from '../i18n/to-hk'
import { notFound } from '../http/api-error'
import { refsOf, stockNames } from './stocks'

export const DEFAULT_LIMIT = 20
export const MESSAGES = { flashNotFound: '快讯不存在', liveChannelNotFound: '快讯频道不存在' } as const

/** A row of `flashes` as read (server/db/schema.ts FlashesTable). */
type FlashRow = Selectable<FlashesTable>

const COLUMNS = ['id', 'title', 'content', 'important', 'channel', 'stocks', 'create_timestamp'] as const

async function toFlashes(db: Db, rows: readonly FlashRow[], lang: ContentLang): Promise<LiveFlash[]> {
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    important: r.important,
    channel: r.channel,
    stocks: refsOf(r.stocks, names),
    createTimestamp: r.create_timestamp,
  }))
}

export interface LivesQuery {
  onlyImportant: boolean
  limit: number
  /** older than this flash (the last one shown) */
  liveId?: number | undefined
  /** only flashes created after this second (polling for new ones) */
  after?: number | undefined
  /** only the flashes of this live channel (core/content/live-channels.ts); every channel when unset */
  channel?: string | undefined
}

/** Newest first (ties by id). */
export async function allLives(db: Db, query: LivesQuery, lang: ContentLang): Promise<{ list: LiveFlash[]; hasMore: boolean }> {
  let q = db.kysely.selectFrom('flashes').select(COLUMNS)
  if (query.onlyImportant) q = q.where('important', '=', true)
  if (query.channel !== undefined) q = q.where('channel', '=', query.channel)
  if (query.after !== undefined) q = q.where('create_timestamp', '>', query.after)
  if (query.liveId !== undefined) {
    const anchor = await db.kysely.selectFrom('flashes').select(['id', 'create_timestamp']).where('id', '=', query.liveId).executeTakeFirst()
    if (anchor) {
      q = q.where((eb) =>
        eb.or([
          eb('create_timestamp', '<', anchor.create_timestamp),
          eb.and([eb('create_timestamp', '=', anchor.create_timestamp), eb('id', '<', anchor.id)]),
        ]),
      )
    } else {
      // a flash that is gone: ids grow with time, so 'older' is a smaller id
      q = q.where('id', '<', query.liveId)
    }
  }
  const rows = await q.orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute()
  return { list: await toFlashes(db, rows.slice(0, query.limit), lang), hasMore: rows.length > query.limit }
}

/**
 * One flash with its neighbours in time: `previous` is the one just before it (older),
 * `next` the one just after it (newer); null at either end.
 */
export async function liveDetail(
  db: Db,
  id: number,
  lang: ContentLang,
): Promise<{ flash: LiveFlash; previous: LiveFlash | null; next: LiveFlash | null }> {
  const row = await db.kysely.selectFrom('flashes').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(MESSAGES.flashNotFound)
  const ts = row.create_timestamp
  const previous = await db.kysely
    .selectFrom('flashes')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('create_timestamp', '<', ts), eb.and([eb('create_timestamp', '=', ts), eb('id', '<', id)])]))
    .orderBy('create_timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const next = await db.kysely
    .selectFrom('flashes')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('create_timestamp', '>', ts), eb.and([eb('create_timestamp', '=', ts), eb('id', '>', id)])]))
    .orderBy('create_timestamp', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst()
  const rows = [row, ...(previous ? [previous] : []), ...(next ? [next] : [])]
  const [flash, ...rest] = await toFlashes(db, rows, lang)
  return { flash: flash!, previous: previous ? rest.shift()! : null, next: next ? rest.shift()! : null }
}

/** The live channel an id or slug names (404 快讯频道不存在 for none); `all` is every channel. */
export function liveChannelOf(key: { id: number } | { channel: string }): { entry: LiveChannel; filter: string | undefined } {
  if ('channel' in key && key.channel === ALL_LIVE_CHANNEL) return { entry: { id: 0, channel: ALL_LIVE_CHANNEL, name: ALL_CHANNELS_NAME }, filter: undefined }
  const found = 'id' in key ? liveChannelById(key.id) : liveChannelBySlug(key.channel)
  if (!found) throw notFound(MESSAGES.liveChannelNotFound)
  return { entry: { id: found.id, channel: found.channel, name: found.name }, filter: found.channel }
}

/** The name of the `all` pseudo-channel. */
export const ALL_CHANNELS_NAME = '全部'

/** One live channel's flashes (or every channel's for `all`), newest first, with the channel itself. */
export async function channelLives(
  db: Db,
  key: { id: number } | { channel: string },
  query: Omit<LivesQuery, 'channel'>,
  lang: ContentLang,
): Promise<{ channel: LiveChannel; list: LiveFlash[]; hasMore: boolean }> {
  const { entry, filter } = liveChannelOf(key)
  return { channel: entry, ...(await allLives(db, { ...query, channel: filter }, lang)) }
}
