// Seed rows of the live rooms (see server/db/feature-seeds.ts). Versions 1630–1639. They hang off the
// live columns the circles seed made and the rooms the course seed (1620) listed in them, so they run
// after both. 1630: in every live column a paused room and a deleted one (with 1620's booked, live,
// playback, generating and no-playback rooms, every status of spec 001 §3), a few comments with the
// owner's and an honoured guest's tags in the live room, and in the free column a booked roadshow whose
// invite code is ROADSHOW_INVITE_CODE (README's demo section prints it). In local mode the streaming
// port's local default gets the live and paused rooms' streams and records the playbacks (the fixture
// video), so a fresh machine has rooms to watch; production seeds the rows only.
import { LIVE_STATUS_CODES as S } from '../../core/live/limits'
import { circlesOfType } from '../circle-extras/circle-context'
import { circleIdByName } from '../circles/circles-repository'
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { modeOf } from '../mode'
import { streamingFromEnv } from '../streaming/select-streaming'
import { insertComment } from './comments-repository'
import { setGuests } from './guests-repository'
import { kick, kicksPage } from './kicks-repository'
import { insertPeaks, peaksOf } from './peaks-repository'
import { insertRoom, roomByTitle, roomsInStatus, setPlayback, setVisitCount, type RoomRow } from './rooms-repository'
import { seen } from './viewers-repository'

/** The booked roadshow's invite code (README, demo section). */
export const ROADSHOW_INVITE_CODE = 'HK8888'
export const ROADSHOW_TITLE = '港股IPO路演：新能源车企招股说明会'
/** the fixture live column that is free (fixtures/circles/circles.ts): the roadshow is there */
export const ROADSHOW_COLUMN = '财报季夜谈'

const DAY = 86_400
const PAUSED_TITLE = '暂停中：盘中连线，稍后继续'
const DELETED_TITLE = '已删除的预约直播'
const COMMENTS = ['老师好，今晚聊哪几只？', '请问美团的估值怎么看？', '回放什么时候有？', '港股通资金这周净流入多少？', '谢谢老师，收获很大']

/** Ordinary readers (not columnists, not the editors' accounts): the commenters and the honoured guest. */
async function readers(db: Db, n: number): Promise<number[]> {
  const rows = await db.kysely.selectFrom('users').select('id').where('is_columnist', '=', false).where('nick', 'not like', '港美汇%').where('merged_into', 'is', null).orderBy('id').limit(n).execute()
  return rows.map((r) => Number(r.id))
}

export async function seedLive(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  const columns = await circlesOfType(db, 'LIVE_COLUMN')
  if (columns.length === 0) return
  const people = await readers(db, 6)
  const roadshowColumn = (await circleIdByName(db, ROADSHOW_COLUMN)) ?? columns[0]!.id
  for (const column of columns) {
    if (await roomByTitle(db, column.id, PAUSED_TITLE)) continue
    const base = { circle_id: column.id, create_timestamp: now - 2 * DAY }
    await insertRoom(db, { ...base, title: PAUSED_TITLE, brief: '主播暂时离开，马上回来。', status: S.PAUSE, start_mode: 'OBS_PUSH', start_timestamp: now - 3600, live_start_timestamp: now - 3600 })
    await insertRoom(db, { ...base, title: DELETED_TITLE, status: S.DELETED, start_timestamp: now + DAY })
    // the free column also has the booked roadshow
    if (column.id === roadshowColumn) {
      await insertRoom(db, { ...base, service_type: 'ROADSHOW', title: ROADSHOW_TITLE, brief: '公司管理层介绍招股安排与业务亮点，凭邀请码进入。', status: S.RESERVATION, invite_code: ROADSHOW_INVITE_CODE, start_timestamp: now + 2 * DAY })
    }
    // the live room 1620 listed: an honoured guest and a few comments, the owner's and the guest's tagged
    const live = (await roomsInStatus(db, [S.LIVE])).find((r) => r.circle_id === column.id)
    if (live && people.length >= 3) {
      const roomId = live.id
      const guest = people[0]!
      await setGuests(db, roomId, [guest])
      const lines: [number, string, 'OWNER' | 'GUEST' | null][] = [
        [column.ownerId, '欢迎大家来到直播间，有问题随时留言。', 'OWNER'],
        ...COMMENTS.map((text, n): [number, string, null] => [people[1 + (n % (people.length - 1))]!, text, null]),
        [guest, '我补充一点：留意本周的解禁数据。', 'GUEST'],
      ]
      for (const [n, [userId, content, tag]] of lines.entries()) await insertComment(db, { room_id: roomId, user_id: userId, content, tag, create_timestamp: now - 600 + n * 30 })
    }
  }
  await seedStreams(db, now)
}

/** Local mode: live and paused rooms get the local default's stream; playbacks get its recording. */
async function seedStreams(db: Db, now: number): Promise<void> {
  if (modeOf(process.env) !== 'local') return
  const { port } = streamingFromEnv(process.env, { db, clock: () => now * 1000 })
  if (port.kind !== 'local') return
  for (const room of await roomsInStatus(db, [S.LIVE, S.PAUSE])) {
    if (await port.current(room.id)) continue
    await port.start({ roomId: room.id, mode: room.start_mode ?? 'OBS_PUSH' })
    if (room.status === S.PAUSE) await port.pause(room.id)
  }
  for (const room of await roomsInStatus(db, [S.PLAYBACK])) {
    if (room.playback_url) continue
    if (!(await port.current(room.id))) await port.start({ roomId: room.id, mode: room.start_mode ?? 'OBS_PUSH' })
    await port.stop(room.id)
    const playback = await port.playback(room.id)
    if (playback) await setPlayback(db, room.id, playback.videoUrl, playback.durationSeconds)
  }
}

/**
 * 1631 (issue 29, the circle-admin console's live tabs): what the rooms that were on the air would have
 * recorded — each minute's online count (a rise, a plateau with some wobble, the drift away at the end),
 * the signed-in viewers with their first and last minute, comments spread over the hour, a visit count —
 * and in each column's live room one viewer kicked out, so dataAnalysis, userManage and live-user-admin
 * show an adviser realistic numbers. Deterministic (no randomness): the same seed gives the same curve.
 */
export async function seedLiveAudience(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  const people = await readers(db, 6)
  if (people.length < 4) return
  const rooms = await roomsInStatus(db, [S.LIVE, S.PAUSE, S.PLAYBACK, S.NOT_PLAYBACK])
  for (const [index, room] of rooms.entries()) {
    if ((await peaksOf(db, room.id)).length > 0) continue
    const from = room.live_start_timestamp ?? room.start_timestamp
    const to = Math.min(room.end_timestamp ?? now, from + 3600, now)
    const minutes = Math.max(1, Math.floor((to - from) / 60))
    const top = 40 + ((index * 37) % 90)
    const curve = Array.from({ length: minutes + 1 }, (_, m) => {
      const shape = Math.sin((Math.PI * Math.min(m + 4, minutes)) / (minutes + 4)) ** 0.6
      const wobble = ((m * 7 + index * 3) % 9) - 4
      return { minute: from - (from % 60) + m * 60, online: Math.max(1, Math.round(top * shape) + wobble) }
    })
    await insertPeaks(db, room.id, curve)
    for (const [n, userId] of people.entries()) {
      await seen(db, room.id, userId, from + n * 120)
      await seen(db, room.id, userId, Math.max(from + n * 120, Math.min(to, from + 900 + n * 400)))
    }
    await audienceComments(db, room, people, from, to)
    await setVisitCount(db, room.id, top * 3 + index * 11)
    if (room.status === S.LIVE && (await kicksPage(db, room.id, { page: 1, count: 1 })).total === 0) await kick(db, room.id, people.at(-1)!, (await ownerOf(db, room)) ?? people[0]!, from + 1200)
  }
}

const AUDIENCE_LINES = ['这波行情怎么看？', '老师讲得很清楚', '请问仓位怎么控制？', '有没有关注恒生科技？', '下次直播什么时候？', '学到了，谢谢']

async function audienceComments(db: Db, room: RoomRow, people: readonly number[], from: number, to: number): Promise<void> {
  // the live room of 1630 already has its conversation
  if (room.status === S.LIVE) return
  for (const [n, content] of AUDIENCE_LINES.entries()) {
    await insertComment(db, { room_id: room.id, user_id: people[n % people.length]!, content, tag: null, create_timestamp: Math.min(to, from + 240 + n * 480) })
  }
}

async function ownerOf(db: Db, room: RoomRow): Promise<number | undefined> {
  return (await circlesOfType(db, 'LIVE_COLUMN')).find((c) => c.id === room.circle_id)?.ownerId
}

export const liveSeeds: FeatureSeed[] = [
  { version: 1630, name: 'live rooms: paused and deleted rooms, a roadshow, comments, local streams and playbacks', run: seedLive },
  { version: 1631, name: 'live rooms: online minutes, viewers, comments over the hour, visits, a kicked-out viewer (the console’s live tabs)', run: seedLiveAudience },
]
