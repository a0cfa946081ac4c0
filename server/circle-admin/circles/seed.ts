// Seed rows of the console's circles (issue 29; see server/db/feature-seeds.ts). Version 1660.
// - Every fixture circle gets its member rights (operate/rights), by type.
// - The demo adviser (server/chat/seed.ts, local mode) runs two circles the console shows in its review
//   states: one waiting for review, one rejected with the reviewer's reason — neither shown to readers.
//   (Local mode only, like the demo accounts.)
import type { Db } from '../../db/db'
import type { FeatureSeed } from '../../db/feature-seeds'
import { modeOf } from '../../mode'
import { userByPhone } from '../../accounts/users-repository'
import { circleIdByName, insertCircle, setReviewStatus } from '../../circles/circles-repository'
import { insertTag } from '../../circles/tags-repository'
import { replaceRights, rightsOf } from '../../circles/rights-repository'
import { DEMO_ADVISER_PHONE } from '../../chat/seed'
import { FIXTURE_CIRCLES } from '../../../fixtures/circles/circles'
import type { CircleType } from '../../../core/circles/limits'

const RIGHTS: Record<CircleType, readonly { title: string; description: string }[]> = {
  FINANCIAL_CIRCLE: [
    { title: '每日观点', description: '交易日盘前策略与收盘复盘' },
    { title: '无限次提问', description: '圈主与管理员逐一回答，可匿名' },
    { title: '研究附件', description: '行业研究笔记与数据表下载' },
  ],
  GROUP: [
    { title: '社群交流', description: '与圈友分享经验、互相答疑' },
    { title: '精华整理', description: '圈主定期整理精华内容' },
  ],
  COURSE: [
    { title: '全部课程视频', description: '有效期内不限次数观看' },
    { title: '课后答疑', description: '每讲配讲义与答疑' },
  ],
  LIVE_COLUMN: [
    { title: '直播观看', description: '每场直播实时观看与互动' },
    { title: '回放', description: '错过直播可看回放' },
  ],
}

const DEMO_CIRCLES = [
  { name: '港美汇新股研究圈', brief: '港美股新股招股书拆解与申购策略。', intro: '每只新股上市前发布招股书要点与估值区间，会员可提问。', status: 'reviewing' as const, reason: null },
  { name: '美股期权入门课', brief: '从零开始学美股期权。', intro: '八讲带你了解期权的基本概念与风险。', status: 'rejected' as const, reason: '封面图片不清晰，请上传清晰的课程封面后重新提交' },
]

export async function seedCircleRights(db: Db): Promise<void> {
  for (const f of FIXTURE_CIRCLES) {
    const id = await circleIdByName(db, f.name)
    if (id === undefined || (await rightsOf(db, id)).length > 0) continue
    await replaceRights(db, id, RIGHTS[f.type])
  }
}

export async function seedDemoAdviserCircles(db: Db, seedNow: number): Promise<void> {
  const adviser = await userByPhone(db, '86', DEMO_ADVISER_PHONE)
  if (!adviser) return
  for (const [i, c] of DEMO_CIRCLES.entries()) {
    if ((await circleIdByName(db, c.name)) !== undefined) continue
    const id = await insertCircle(db, {
      type: i === 0 ? 'FINANCIAL_CIRCLE' : 'COURSE',
      name: c.name,
      brief: c.brief,
      intro: c.intro,
      avatar: `/covers/${i + 3}.svg`,
      owner_id: Number(adviser.id),
      goods_id: null,
      review_status: 'reviewing',
      create_timestamp: Math.round(seedNow) - 86_400 * (i + 1),
    })
    await insertTag(db, { circle_id: id, name: '全部', is_default: true, sort: 0 })
    await insertTag(db, { circle_id: id, name: '公告', admin_only: true, sort: 1 })
    if (c.status === 'rejected') await setReviewStatus(db, id, ['reviewing'], 'rejected', c.reason)
  }
}

export const circleAdminCircleSeeds: FeatureSeed[] = [
  { version: 1660, name: 'circle-admin circles: member rights of the fixture circles', run: (db) => seedCircleRights(db) },
  { version: 1661, name: 'circle-admin circles: the demo adviser\'s circles under review and rejected (local mode only)', run: async (db, seedNow) => (modeOf(process.env) === 'local' ? seedDemoAdviserCircles(db, seedNow) : undefined) },
]
