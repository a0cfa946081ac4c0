import { afterEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { AnyMachineSnapshot } from 'xstate'
import type { LiveComment } from '../api/live'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { commentsMachine, draftProblem, type CommentPage, type CommentsEvent } from './viewer-comments.machine'
import { COMMENTS_KEPT, mergeComments, newestCommentId } from './viewer-comments'
import { LIVE_COMMENT_MAX, LIVE_MESSAGES } from './limits'
import { sampleComment } from './viewer-samples'

afterEach(() => void vi.useRealTimers())

const comment = (commentId: number, content?: string): LiveComment => sampleComment(commentId, content)
const page = (ids: number[], hasMore = false): CommentPage => ({ comments: ids.map((i) => comment(i)), hasMore })

describe('mergeComments', () => {
  it('keeps one of each comment, oldest first, the newest COMMENTS_KEPT at most, whatever the order they arrive in', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 60 }), { maxLength: 8 }), (batches) => {
        const merged = batches.reduce<LiveComment[]>((list, ids) => mergeComments(list, ids.map((i) => comment(i))), [])
        const all = [...new Set(batches.flat())].sort((a, b) => a - b)
        expect(merged.map((c) => c.commentId)).toEqual(all.slice(Math.max(0, all.length - COMMENTS_KEPT)))
        expect(newestCommentId(merged)).toBe(all.at(-1) ?? 0)
      }),
    )
  })

  it('a later copy of a comment replaces the earlier one', () => {
    expect(mergeComments([comment(1, '旧')], [comment(1, '新')]).map((c) => c.content)).toEqual(['新'])
  })
})

describe('draftProblem', () => {
  it('accepts exactly the comments with 1 to LIVE_COMMENT_MAX characters after trimming', () => {
    expect(draftProblem('   ')).toBe(LIVE_MESSAGES.commentEmpty)
    expect(draftProblem('好'.repeat(LIVE_COMMENT_MAX))).toBeNull()
    expect(draftProblem('好'.repeat(LIVE_COMMENT_MAX + 1))).toBe(LIVE_MESSAGES.commentTooLong)
    fc.assert(
      fc.property(fc.string({ maxLength: LIVE_COMMENT_MAX + 20 }), (s) => {
        const n = [...s.trim()].length
        expect(draftProblem(s) === null).toBe(n > 0 && n <= LIVE_COMMENT_MAX)
      }),
    )
  })
})

describe('commentsMachine model', () => {
  it('reaches every state and takes every transition', () => {
    const events = [
      { type: 'xstate.done.actor.recent', output: page([1, 2]) },
      { type: 'xstate.done.actor.catchUp', output: page([3], true) },
      { type: 'xstate.done.actor.catchUp', output: page([3]) },
      { type: 'xstate.done.actor.pollWhileLost', output: page([4]) },
      { type: 'xstate.done.actor.poll', output: page([4]) },
      { type: 'comments.received', comments: [comment(5)] },
      { type: 'draft.change', text: '看好' },
      { type: 'draft.change', text: ' ' },
      { type: 'xstate.done.actor.post', output: comment(6) },
      { type: 'xstate.done.actor.post', output: null },
    ]
    // what the list holds does not change the graph: states differ by where they are, the draft's validity and the error
    const serializeSnapshot = (s: AnyMachineSnapshot) => {
      const c = s.context as { draft: string; error: string | null }
      return JSON.stringify([s.value, draftProblem(c.draft) === null, c.error !== null])
    }
    const paths = getCoveragePaths(commentsMachine, { events: events as never, serializeSnapshot })
    expectFullCoverage(commentsMachine, paths)
  })
})

/** The machine over a fake server holding `stored` comments and a fake chat group the test pushes into. */
function started(options: { connect?: 'ok' | 'fail'; stored?: number[]; pageSize?: number } = {}) {
  const stored = (options.stored ?? []).map((i) => comment(i))
  const size = options.pageSize ?? 20
  const asked: number[] = []
  let push: ((e: CommentsEvent) => void) | null = null
  let nextId = 1000
  const machine = commentsMachine.provide({
    actors: {
      loadRecent: fromPromise<CommentPage, void>(async () => ({ comments: stored.slice(-size), hasMore: stored.length > size })),
      loadAfter: fromPromise<CommentPage, { afterId: number }>(async ({ input }) => {
        asked.push(input.afterId)
        const newer = stored.filter((c) => c.commentId > input.afterId)
        return { comments: newer.slice(0, size), hasMore: newer.length > size }
      }),
      connect: fromPromise<void, void>(async () => {
        if (options.connect === 'fail') throw new Error('messaging unavailable')
      }),
      listen: fromCallback<CommentsEvent>(({ sendBack }) => {
        push = sendBack
        return () => (push = null)
      }),
      postComment: fromPromise<LiveComment | null, { content: string }>(async ({ input }) => {
        if (input.content === '登录取消') return null
        if (input.content === '太频繁') throw new Error('操作过于频繁，请稍后再试')
        const c = comment(nextId++, input.content)
        stored.push(c)
        return c
      }),
    },
  })
  const actor = createActor(machine).start()
  return {
    actor,
    asked,
    stored,
    /** the chat group delivers (only while the page listens) */
    push: (e: CommentsEvent) => push?.(e),
    ids: () => actor.getSnapshot().context.comments.map((c) => c.commentId),
  }
}
const flush = () => vi.advanceTimersByTimeAsync(0)

describe('commentsMachine', () => {
  it('shows the newest, catches up what was posted while joining, then shows pushes as they arrive (each once)', async () => {
    vi.useFakeTimers()
    const room = started({ stored: [1, 2, 3] })
    room.stored.push(comment(4)) // posted between the history and the join
    await flush()
    expectToBeIn(room.actor, 'feed.connected.online')
    expect(room.ids()).toEqual([1, 2, 3, 4])
    expect(room.asked).toEqual([3])
    room.push({ type: 'comments.received', comments: [comment(5), comment(4)] })
    expect(room.ids()).toEqual([1, 2, 3, 4, 5])
  })

  it('catches up page after page while the server says there is more', async () => {
    vi.useFakeTimers()
    const room = started({ stored: [1], pageSize: 2 })
    room.stored.push(comment(2), comment(3), comment(4), comment(5))
    await flush()
    expect(room.asked).toEqual([1, 3])
    expect(room.ids()).toEqual([1, 2, 3, 4, 5])
  })

  it('asks after-id every 2 s while the connection is lost and catches up when it is back: nothing is lost', async () => {
    vi.useFakeTimers()
    const room = started({ stored: [1] })
    await flush()
    room.push({ type: 'messaging.lost' })
    expectToBeIn(room.actor, 'feed.connected.lost')
    room.stored.push(comment(2))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(room.ids()).toEqual([1])
    await vi.advanceTimersByTimeAsync(1)
    expect(room.ids()).toEqual([1, 2])
    room.stored.push(comment(3))
    room.push({ type: 'messaging.back' })
    await flush()
    expect(room.ids()).toEqual([1, 2, 3])
    expectToBeIn(room.actor, 'feed.connected.online')
    const asked = room.asked.length
    await vi.advanceTimersByTimeAsync(10_000)
    expect(room.asked).toHaveLength(asked) // online: no polling
  })

  it('without messaging, asks after-id every 2 s', async () => {
    vi.useFakeTimers()
    const room = started({ connect: 'fail', stored: [7] })
    await flush()
    expectToBeIn(room.actor, 'feed.unavailable')
    room.stored.push(comment(8), comment(9))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(room.ids()).toEqual([7, 8, 9])
    await vi.advanceTimersByTimeAsync(4_000)
    expect(room.asked).toEqual([7, 9, 9])
  })

  it("posts the reader's comment and shows it once, even when the group echoes it; refuses empty and long ones; keeps the draft when a guest does not log in", async () => {
    vi.useFakeTimers()
    const room = started({ stored: [1] })
    await flush()
    room.actor.send({ type: 'comment.send' })
    expect(room.actor.getSnapshot().context.error).toBe(LIVE_MESSAGES.commentEmpty)
    room.actor.send({ type: 'draft.change', text: '好'.repeat(LIVE_COMMENT_MAX + 1) })
    room.actor.send({ type: 'comment.send' })
    expect(room.actor.getSnapshot().context.error).toBe(LIVE_MESSAGES.commentTooLong)
    room.actor.send({ type: 'draft.change', text: '  看好腾讯  ' })
    expect(room.actor.getSnapshot().context.error).toBeNull()
    room.actor.send({ type: 'comment.send' })
    await flush()
    const mine = room.actor.getSnapshot().context.comments.at(-1)!
    expect(mine.content).toBe('看好腾讯')
    expect(room.actor.getSnapshot().context.draft).toBe('')
    room.push({ type: 'comments.received', comments: [mine] })
    expect(room.ids()).toEqual([1, mine.commentId])

    room.actor.send({ type: 'draft.change', text: '登录取消' })
    room.actor.send({ type: 'comment.send' })
    await flush()
    expect(room.actor.getSnapshot().context.draft).toBe('登录取消')
    room.actor.send({ type: 'draft.change', text: '太频繁' })
    room.actor.send({ type: 'comment.send' })
    await flush()
    expect(room.actor.getSnapshot().context).toMatchObject({ draft: '太频繁', error: '操作过于频繁，请稍后再试' })
  })
})
