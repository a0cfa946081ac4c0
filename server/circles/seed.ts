// Seed rows of financial circles (see server/db/feature-seeds.ts). Versions 1600–1609.
// A dozen circles across the four types from fixtures/circles/circles.ts, run by fixture advisers, with
// tags, topics, moments (pinned and essence ones), questions (some anonymous, some answered), comments
// and members with valid and expired purchases and free joins. Paid circles get a financialCircle good.
// Runs in production too (fixture content like the other seeds); the demo member's circles only locally.
import type { Db } from '../db/db'
import { k, type Queryable } from '../db/queryable'
import type { FeatureSeed } from '../db/feature-seeds'
import { modeOf } from '../mode'
import { CIRCLE_GOODS_BASE, FIXTURE_CIRCLES, FIXTURE_COMMENTS, FIXTURE_MOMENTS, FIXTURE_QUESTIONS } from '../../fixtures/circles/circles'
import { DEMO_ACCOUNTS } from '../membership/seed'
import * as circles from './circles-repository'
import * as admins from './admins-repository'
import * as members from './members-repository'
import * as tags from './tags-repository'
import * as topics from './topics-repository'
import * as dynamics from './dynamics-repository'
import * as dynamicTags from './dynamic-tags-repository'
import * as answers from './answers-repository'
import * as comments from './comments-repository'

const DAY = 86_400
const HOUR = 3_600

async function userIdByNick(d: Queryable, nick: string): Promise<number | undefined> {
  const r = await k(d).selectFrom('users').select('id').where('nick', '=', nick).orderBy('id').executeTakeFirst()
  return r ? Number(r.id) : undefined
}

/** Ordinary readers (not columnists, not the 港美汇 editors' accounts): the circles' members. */
async function readers(db: Db, n: number): Promise<number[]> {
  const rows = await db.kysely.selectFrom('users').select('id').where('is_columnist', '=', false).where('nick', 'not like', '港美汇%').where('merged_into', 'is', null).orderBy('id').limit(n).execute()
  return rows.map((r) => Number(r.id))
}

export async function seedCircles(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  if ((await circles.circleIdByName(db, FIXTURE_CIRCLES[0]!.name)) !== undefined) return
  const people = await readers(db, 24)
  if (people.length < 8) return
  await db.kysely.transaction().execute(async (trx) => {
    for (const [i, f] of FIXTURE_CIRCLES.entries()) {
      const ownerId = await userIdByNick(trx, f.owner)
      if (ownerId === undefined) continue
      const owner = await trx.selectFrom('users').select('avatar').where('id', '=', ownerId).executeTakeFirstOrThrow()
      const created = now - (60 - i * 3) * DAY
      const circleId = await circles.insertCircle(trx, {
        type: f.type,
        name: f.name,
        avatar: owner.avatar,
        brief: f.brief,
        intro: f.intro,
        owner_id: ownerId,
        goods_id: null,
        recommended: f.recommended,
        recommend_sort: i,
        create_timestamp: created,
      })
      if (f.priceCents !== null) {
        const goodsId = CIRCLE_GOODS_BASE + i + 1
        await circles.insertCircleGoods(trx, { id: goodsId, circleId, name: f.name, priceCents: f.priceCents, months: 12 })
        await circles.setCircleGoods(trx, circleId, goodsId)
      }
      for (const nick of f.admins) {
        const adminId = await userIdByNick(trx, nick)
        if (adminId !== undefined) await admins.addAdmin(trx, circleId, adminId, created)
      }
      const tagIds: number[] = []
      // the default tag first (spec 001 §3 isDefault); the last fixture tag (公告) is for the owner and admins only
      tagIds.push(await tags.insertTag(trx, { circle_id: circleId, name: '全部', is_default: true, sort: 0 }))
      for (const [t, name] of f.tags.entries()) tagIds.push(await tags.insertTag(trx, { circle_id: circleId, name, admin_only: t === f.tags.length - 1, sort: t + 1 }))
      const topicIds: number[] = []
      for (const [t, name] of f.topics.entries()) topicIds.push(await topics.insertTopic(trx, { circle_id: circleId, name, read_count: 1200 - t * 350 - i * 40 }))

      // members: four valid, two expired (paid), or six free joins; rotating through the readers
      const circleMembers = Array.from({ length: 6 }, (_, m) => people[(i * 2 + m) % people.length]!)
      for (const [m, userId] of circleMembers.entries()) {
        if (f.priceCents === null) await members.joinFree(trx, circleId, userId, created + m * HOUR)
        else await members.grantPaid(trx, circleId, userId, null, created + m * HOUR, m < 4 ? now + (120 + m * 30) * DAY : now - (5 + m) * DAY)
      }

      for (const [m, moment] of FIXTURE_MOMENTS.entries()) {
        const at = now - (FIXTURE_MOMENTS.length - m) * 9 * HOUR - i * 600
        const id = await dynamics.insertDynamic(trx, {
          circle_id: circleId,
          author_id: ownerId,
          kind: 'dynamic',
          question_type: null,
          title: moment.title,
          content: moment.content.replace('{circle}', f.name),
          picture_urls: [],
          files: (moment.files ?? []).map((x) => ({ url: `/pictures/circle-files/${encodeURIComponent(x.name)}`, name: x.name, extension: x.extension, icon: '' })),
          topic_id: topicIds[m % Math.max(1, topicIds.length)] ?? null,
          ref_contents: m === 1 ? ['hk00700'] : [],
          risk_tip_id: null,
          status: 'approved',
          review_due: null,
          create_timestamp: at,
          top: moment.top ?? false,
          top_timestamp: moment.top ? at : null,
          essence: moment.essence ?? false,
        })
        const tag = moment.tag === undefined ? undefined : tagIds[moment.tag + 1]
        await dynamicTags.setTags(trx, id, tag === undefined ? [] : [tag])
        for (const [c, text] of FIXTURE_COMMENTS.slice(0, m % 3).entries()) {
          await comments.insertComment(trx, { dynamic_id: id, author_id: circleMembers[c]!, content: text, create_timestamp: at + (c + 1) * 600 })
        }
      }
      // a member's moment, and one set aside by the owner
      const memberMoment = await dynamics.insertDynamic(trx, {
        circle_id: circleId, author_id: circleMembers[0]!, kind: 'dynamic', question_type: null, title: '', content: '跟着圈主的思路做了一次调仓，分享一下我的想法，欢迎讨论。',
        picture_urls: [], files: [], topic_id: null, ref_contents: [], risk_tip_id: null, status: 'approved', review_due: null, create_timestamp: now - 5 * HOUR - i * 60,
      })
      await dynamicTags.setTags(trx, memberMoment, [])
      await dynamics.insertDynamic(trx, {
        circle_id: circleId, author_id: circleMembers[1]!, kind: 'dynamic', question_type: null, title: '', content: '加群领取内部资料，私聊我。',
        picture_urls: [], files: [], topic_id: null, ref_contents: [], risk_tip_id: null, status: 'approved', review_due: null, create_timestamp: now - 4 * HOUR - i * 60, ignored: true,
      })
      for (const [q, question] of FIXTURE_QUESTIONS.entries()) {
        const at = now - (FIXTURE_QUESTIONS.length - q) * 7 * HOUR - i * 300
        const id = await dynamics.insertDynamic(trx, {
          circle_id: circleId, author_id: circleMembers[q % 4]!, kind: 'question', question_type: question.anonymous ? 'anonymity' : 'public', title: '', content: question.content,
          picture_urls: [], files: [], topic_id: null, ref_contents: [], risk_tip_id: null, status: 'approved', review_due: null, create_timestamp: at,
        })
        if (question.answer) await answers.insertAnswer(trx, { dynamic_id: id, author_id: ownerId, content: question.answer, status: 'approved', review_due: null, create_timestamp: at + HOUR })
      }
    }
  })
}

/** The demo member (server/membership/seed.ts DEMO_ACCOUNTS, local mode): in a paid circle (valid a year) and a free one. */
export async function seedDemoCircles(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  const phone = DEMO_ACCOUNTS.find((a) => a.role === 'member')!.phone
  const demo = await db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()
  if (!demo) return
  const paid = await circles.circleIdByName(db, FIXTURE_CIRCLES[0]!.name)
  const free = await circles.circleIdByName(db, FIXTURE_CIRCLES[3]!.name)
  if (paid === undefined || free === undefined) return
  if (!(await members.memberOf(db, paid, Number(demo.id)))) await members.grantPaid(db, paid, Number(demo.id), null, now, now + 365 * DAY)
  await members.joinFree(db, free, Number(demo.id), now)
}

/**
 * What the circle-admin console's community tabs show on the seeded circles (issue 29): the owner's
 * announcement on each financial circle, the sample outsiders see (set-preview: the newest approved
 * moment), and in the first circle a member whose publishing is switched off (privilege) and a muted one.
 */
export async function seedCommunityAdmin(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  await db.kysely.transaction().execute(async (trx) => {
    for (const [i, f] of FIXTURE_CIRCLES.entries()) {
      if (f.type !== 'FINANCIAL_CIRCLE' && f.type !== 'GROUP') continue
      const circleId = await circles.circleIdByName(trx, f.name)
      if (circleId === undefined) continue
      if (f.type === 'FINANCIAL_CIRCLE') await circles.setAnnouncement(trx, circleId, `【公告】${f.name}每个交易日盘前更新策略，提问请写清楚股票代码，圈主和管理员会逐一回答。`, now - (i + 1) * DAY)
      const [sample] = await dynamics.newestApproved(trx, circleId, 1)
      if (sample) await dynamics.setPreview(trx, sample.id, true)
      if (i === 0) {
        const people = (await members.memberPage(trx, [circleId], { offset: 0, limit: 6 })).rows
        const [a, b] = people.filter((m) => m.expire_timestamp === null || m.expire_timestamp > now)
        if (a) await members.setSwitches(trx, circleId, a.user_id, { publishable: false })
        if (b && b.user_id !== a?.user_id) await members.setSwitches(trx, circleId, b.user_id, { muted: true })
      }
    }
  })
}

export const circlesSeeds: FeatureSeed[] = [
  { version: 1600, name: 'circles: a dozen circles with tags, topics, moments, questions and members', run: seedCircles },
  { version: 1601, name: 'circles: the demo member joins two circles (local mode only)', run: async (db, seedNow) => (modeOf(process.env) === 'local' ? seedDemoCircles(db, seedNow) : undefined) },
  { version: 1604, name: 'circles: announcements, the outsiders\' sample, a member not publishing and a muted one (the console\'s community tabs)', run: seedCommunityAdmin },
]
