// One sample live room for the viewer machines' tests, the simulator's fixtures and the room page's view
// tests (issue 28): a free live column's room of the owner 港股老周, booked two minutes after the pinned
// clock (1_795_000_000 s), that the reader may watch.
import type { ViewerRoom } from './viewer.machine'
import { toViewerRoom } from './viewer-status'
import type { LiveComment, VideoDetail } from '../api/live'
import { statusNameOf } from './limits'

/** the pinned clock of the samples (ms) */
export const SAMPLE_NOW_MS = 1_795_000_000_000
export const SAMPLE_ROOM_ID = 1_000_000_001

const owner = { id: 21, nick: '港股老周', avatar: '', brief: '十年港股实战' }

export function sampleDetail(statusCode: number, over: Partial<VideoDetail> = {}): VideoDetail {
  const live = statusCode === 2 || statusCode === 7
  return {
    id: SAMPLE_ROOM_ID,
    videoServiceType: 'LIVE',
    title: '港股收评：南向资金与科技股',
    brief: '每周五收盘后，聊聊一周的港股。',
    cover: '',
    status: statusNameOf(statusCode) ?? 'BACK_GENERATION',
    statusCode,
    startMode: null,
    startTimestamp: SAMPLE_NOW_MS / 1000 + 120,
    liveStartTimestamp: null,
    endTimestamp: null,
    owner,
    liveColumn: { id: 5, name: '老周直播间', avatar: '', price: null },
    access: { role: 'member', canRead: true, canPost: true, canAsk: true, canManage: false, canJoin: false, expireTimestamp: null, inputMessage: '' },
    canWatch: true,
    message: '',
    needInviteCode: false,
    reserved: false,
    reservationCount: 3,
    visitCount: 10,
    onlineCount: 0,
    commentCount: 0,
    source: live
      ? { url: `/media/live/${SAMPLE_ROOM_ID}/index.m3u8`, contentType: 'application/vnd.apple.mpegurl', live: true, durationSeconds: null }
      : statusCode === 3
        ? { url: `/media/playback/${SAMPLE_ROOM_ID}.mp4`, contentType: 'video/mp4', live: false, durationSeconds: 10 }
        : null,
    groupId: 'LIVE1000000001',
    honouredGuests: [],
    canManage: false,
    ...over,
  }
}

export const sampleRoom = (statusCode: number, over: Partial<VideoDetail> = {}): ViewerRoom => toViewerRoom(sampleDetail(statusCode, over))

export function sampleComment(commentId: number, content = `评论${commentId}`, tag: LiveComment['tag'] = null): LiveComment {
  return {
    commentId,
    videoId: SAMPLE_ROOM_ID,
    videoServiceType: 'LIVE',
    content,
    user: { id: 30 + (commentId % 3), nick: `读者${commentId % 3}`, avatar: '' },
    tag,
    createTimestamp: SAMPLE_NOW_MS / 1000 + commentId,
  }
}
