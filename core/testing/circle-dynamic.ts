// A circle's post (core/api/circles.ts CircleDynamic; the console's AdminPost adds `preview`) for tests
// of the circle pages and the console: a plain approved post by the circle's owner, without pictures,
// tags, answer or marks; pass what a test is about.
import type { CircleDynamic } from '../api/circles'

export function circleDynamicFixture(over: Partial<CircleDynamic> = {}): CircleDynamic {
  return {
    dynamicId: 50,
    momentId: 3,
    kind: 'dynamic',
    questionType: null,
    author: { id: 9, nick: '港股老王', avatar: '', brief: '' },
    anonymous: false,
    title: '',
    content: '',
    pictureUrls: [],
    files: [],
    topic: null,
    momentTags: [],
    refContents: [],
    top: false,
    essence: false,
    ignored: false,
    status: 'approved',
    commentsClosed: false,
    commentCount: 0,
    answer: null,
    createTimestamp: 1_710_000_000,
    ...over,
  }
}
