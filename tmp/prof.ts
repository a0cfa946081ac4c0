import { createTestApp } from '../server/testing/test-app'
import * as Schema from 'effect/Schema'
import { envelope } from '../core/api/endpoint'
import { channelArticles as ep } from '../core/api/content'
import { channelArticles } from '../server/content/articles'
const t = await createTestApp()
const time = async (label: string, n: number, f: () => Promise<unknown>) => { for (let i = 0; i < 20; i++) await f(); const s = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(label, ((performance.now() - s) / n).toFixed(3), 'ms') }
await time('full request', 300, () => t.request('/api/channels/home/articles/v8?count=20').then(r => r.text()))
await time('handler only', 300, () => channelArticles(t.db, 'home', { count: 20 }, 'zh-cn'))
const result = await channelArticles(t.db, 'home', { count: 20 }, 'zh-cn')
const enc = Schema.encodeUnknownSync(envelope(ep.result) as any)
await time('encode', 300, async () => enc({ statusCode: 200, message: 'ok', result }))
await time('stringify', 300, async () => JSON.stringify(result))
await time('select 1', 300, () => t.db.kysely.selectFrom('channels').select('id').execute())
process.exit(0)
