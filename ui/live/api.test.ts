// The room's chat group carries our data (server/live/service.ts): a comment as a text with custom data,
// a kick-out and a status move as custom elements. groupNotice reads exactly those and ignores everything else.
import { describe, expect, it } from 'vitest'
import { MESSAGE_TYPES, type ChatMessage } from '../../core/chat/messaging-port'
import { KICK_OUT_BIZ_TYPE, LIVE_COMMENT_BIZ_TYPE, LIVE_STATUS_BIZ_TYPE } from '../../core/live/limits'
import { sampleComment } from '../../core/live/viewer-samples'
import { groupNotice } from './api'

const message = (over: Partial<ChatMessage>): ChatMessage => ({ ID: 'm1', conversationID: 'GROUPLIVE1', from: 'u30', time: 1, type: MESSAGE_TYPES.text, payload: { text: '开播了' }, ...over })

describe('groupNotice', () => {
  it('reads a live comment from a text message custom data', () => {
    const comment = sampleComment(7, '开播了', 'GUEST')
    expect(groupNotice(message({ cloudCustomData: JSON.stringify({ bizType: LIVE_COMMENT_BIZ_TYPE, data: comment }) }))).toEqual({ kind: 'comment', comment })
  })

  it('reads a kick-out from a custom element', () => {
    const data = JSON.stringify({ bizType: KICK_OUT_BIZ_TYPE, userId: 30, deviceId: 'device-0001', videoId: 1_000_000_001 })
    expect(groupNotice(message({ type: MESSAGE_TYPES.custom, payload: { data, description: '', extension: '' } }))).toEqual({ kind: 'kickOut', userId: 30, deviceId: 'device-0001' })
  })

  it('reads a status move from a custom element (the viewer then reads the room at once)', () => {
    const data = JSON.stringify({ bizType: LIVE_STATUS_BIZ_TYPE, videoId: 1_000_000_001, status: 'PAUSE' })
    expect(groupNotice(message({ type: MESSAGE_TYPES.custom, payload: { data, description: '', extension: '' } }))).toEqual({ kind: 'statusChanged', videoId: 1_000_000_001 })
    expect(groupNotice(message({ type: MESSAGE_TYPES.custom, payload: { data: JSON.stringify({ bizType: LIVE_STATUS_BIZ_TYPE, videoId: '1' }) } }))).toBeNull()
  })

  it('ignores plain chat, other markers, broken JSON and a comment that does not decode', () => {
    expect(groupNotice(message({}))).toBeNull()
    expect(groupNotice(message({ cloudCustomData: JSON.stringify({ bizType: 'shieldMsg', data: { msgId: 'x' } }) }))).toBeNull()
    expect(groupNotice(message({ cloudCustomData: '{not json' }))).toBeNull()
    expect(groupNotice(message({ cloudCustomData: JSON.stringify({ bizType: LIVE_COMMENT_BIZ_TYPE, data: { commentId: 'x' } }) }))).toBeNull()
    expect(groupNotice(message({ type: MESSAGE_TYPES.custom, payload: { data: JSON.stringify({ bizType: KICK_OUT_BIZ_TYPE }) } }))).toBeNull()
  })
})
