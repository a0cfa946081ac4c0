import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { chapterEditorMachine, type ChapterEditorContext } from './chapter-editor.machine'
import { COURSE_FORM_MESSAGES, readChapterWithVideo, type ChapterForm, type ChapterValues, type UploadState } from './course-form'

const FORM: ChapterForm = { title: '第一课 估值', sortText: '1', free: true, content: '正文' }
const STORED: UploadState = { status: 'done', stored: { value: '202611/0123456789abcdef0123456789abcdef.webm', durationSeconds: 10 } }
const NONE: UploadState = { status: 'idle', stored: null }
const UPLOADING: UploadState = { status: 'uploading', stored: null }

describe('chapterEditorMachine — model', () => {
  it('reaches every state and takes every transition', () => {
    const events = [
      { type: 'form.edit', patch: { title: '' } },
      { type: 'form.edit', patch: { title: '第二课' } },
      { type: 'form.submit', upload: STORED },
      { type: 'form.submit', upload: UPLOADING },
      { type: 'xstate.done.actor.save', output: { id: 5 } },
      { type: 'xstate.error.actor.save', error: { message: '无权管理该圈子' } },
    ]
    const serializeSnapshot = (s: AnyMachineSnapshot) => {
      const c = s.context as ChapterEditorContext
      return JSON.stringify([s.value, c.form.title, Object.keys(c.errors).length, c.message !== null])
    }
    const paths = getCoveragePaths(chapterEditorMachine, { input: { form: FORM }, events: events as never, serializeSnapshot })
    expectFullCoverage(chapterEditorMachine, paths, { input: { form: FORM } })
  })
})

const tick = () => new Promise((r) => setTimeout(r, 0))

function start(save: (v: ChapterValues) => Promise<{ id: number }>, form: ChapterForm = FORM) {
  const sent: ChapterValues[] = []
  const machine = chapterEditorMachine.provide({
    actors: {
      save: fromPromise<{ id: number }, ChapterValues>(({ input }) => {
        sent.push(input)
        return save(input)
      }),
    },
  })
  return { actor: createActor(machine, { input: { form } }).start(), sent }
}

describe('chapterEditorMachine — saving', () => {
  it('a complete form with its stored video is saved with the video’s key and length', async () => {
    const { actor, sent } = start(async () => ({ id: 9 }))
    actor.send({ type: 'form.submit', upload: STORED })
    await tick()
    expectToBeIn(actor, 'saved')
    expect(actor.getSnapshot().context.savedId).toBe(9)
    expect(sent).toEqual([{ title: '第一课 估值', sort: 1, free: true, content: '正文', video: { key: STORED.stored!.value, durationSeconds: 10 } }])
  })

  it('nothing is saved while the video uploads; a blank title and a bad order show beside their fields', () => {
    const { actor, sent } = start(async () => ({ id: 1 }), { ...FORM, title: ' ', sortText: '0' })
    actor.send({ type: 'form.submit', upload: UPLOADING })
    expectToBeIn(actor, 'editing')
    expect(sent).toEqual([])
    expect(actor.getSnapshot().context.errors).toEqual({ title: COURSE_FORM_MESSAGES.titleRequired, sort: COURSE_FORM_MESSAGES.sortInvalid, video: COURSE_FORM_MESSAGES.videoUploading })
    // typing in a field takes its message away; the others stay until the next save
    actor.send({ type: 'form.edit', patch: { title: '第一课' } })
    expect(actor.getSnapshot().context.errors).toEqual({ sort: COURSE_FORM_MESSAGES.sortInvalid, video: COURSE_FORM_MESSAGES.videoUploading })
  })

  it('a refusal shows the server’s reason and keeps what was typed', async () => {
    const { actor } = start(async () => {
      throw { statusCode: 403, message: '无权管理该圈子' }
    })
    actor.send({ type: 'form.submit', upload: NONE })
    await tick()
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context.message).toBe('无权管理该圈子')
    expect(actor.getSnapshot().context.form).toEqual(FORM)
    actor.send({ type: 'form.edit', patch: { title: '改过' } })
    expect(actor.getSnapshot().context.message).toBeNull()
  })
})

describe('the chapter form’s rules', () => {
  it.each([
    [{ ...FORM, title: '课'.repeat(60) }, {}],
    [{ ...FORM, title: '课'.repeat(61) }, { title: COURSE_FORM_MESSAGES.titleTooLong }],
    [{ ...FORM, sortText: '9999' }, {}],
    [{ ...FORM, sortText: '10000' }, { sort: COURSE_FORM_MESSAGES.sortInvalid }],
    [{ ...FORM, sortText: '1.5' }, { sort: COURSE_FORM_MESSAGES.sortInvalid }],
    [{ ...FORM, sortText: '' }, { sort: COURSE_FORM_MESSAGES.sortInvalid }],
    [{ ...FORM, content: '字'.repeat(20_001) }, { content: COURSE_FORM_MESSAGES.contentTooLong }],
  ])('%#', (form, errors) => {
    expect(readChapterWithVideo(form, NONE).errors).toEqual(errors)
  })

  it('a failed video must be retried or removed first', () => {
    expect(readChapterWithVideo(FORM, { status: 'failed', stored: null }).errors).toEqual({ video: COURSE_FORM_MESSAGES.videoFailed })
  })
})
