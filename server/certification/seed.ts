// Seed rows of the creator certification (see server/db/feature-seeds.ts). Versions 1610–1619.
// Local mode only (server/mode.ts): in production these phones belong to strangers, and reviewers are
// named by operations. 1610: a demo reviewer (the CERT_REVIEWER role; signs in with a code from the local
// outbox) and a demo applicant whose application waits in the reviewer's queue, so /audit/reviewer has
// something to decide on a fresh machine.
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { modeOf, type Env } from '../mode'
import { addUserRole, createUser, userByPhone } from '../accounts/users-repository'
import { REVIEWER_ROLE } from '../../core/certification/certificate-form'
import { insertApplication, latestApplicationOf } from './applications-repository'

/** The demo reviewer's phone (local sign-in with the SMS outbox). */
export const DEMO_REVIEWER_PHONE = '13900000098'
/** The demo applicant's phone: their application is under review. */
export const DEMO_APPLICANT_PHONE = '13900000097'

async function account(db: Db, phone: string, nick: string, nowMs: number): Promise<number> {
  return (await userByPhone(db, '86', phone))?.id ?? createUser(db, { nick, phone, countryCode: '86' }, nowMs)
}

export async function seedCertification(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  const reviewer = await account(db, DEMO_REVIEWER_PHONE, '认证审核员小周', now * 1000)
  await addUserRole(db, reviewer, REVIEWER_ROLE)
  const applicant = await account(db, DEMO_APPLICANT_PHONE, '投顾申请人老陈', now * 1000)
  if (await latestApplicationOf(db, applicant)) return
  await insertApplication(db, {
    user_id: applicant,
    applicant_type: 'person',
    real_name: '陈志明',
    weixin_id: 'chen_zhiming88',
    // a drawn picture stands in for the identity card (the seed uploads nothing)
    id_card_image: '/covers/7.svg',
    image_id: 'seed',
    siaqc_number: 'S0260517090001',
    email: 'chen.zhiming@example.com',
    other_platform_account_name: '老陈说港股',
    personal_profile: '十年港股研究经验，持证投资顾问，专注科技与消费板块，擅长基本面分析与仓位管理。',
    reject_reason: null,
    reviewer_id: null,
    create_time: now - 3_600,
    review_time: null,
  })
}

/** The seed as server/db/seed.ts runs it: the mode is read from the environment of the seeding process. */
export const seedCertificationFor = (env: Env) => async (db: Db, seedNow: number): Promise<void> => {
  if (modeOf(env) === 'local') await seedCertification(db, seedNow)
}

export const certificationSeeds: FeatureSeed[] = [
  { version: 1610, name: 'certification: a demo reviewer and one application under review (local mode only)', run: (db, seedNow) => seedCertificationFor(process.env)(db, seedNow) },
]
