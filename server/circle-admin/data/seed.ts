// Seed rows of the circle-admin console's data (issue 29; see server/db/feature-seeds.ts). Version 1650.
// The circles' fixture members of paid circles (server/circles/seed.ts) hold a purchase that no order
// backs; each gets its WeChat order, paid when they joined, with the ledger's receipt (so the ledger
// still sums), and the console shows them: a few delivered or being delivered, the rest in process.
// Local mode only, like the demo accounts: in production no order is made up.
import type { Db } from '../../db/db'
import type { FeatureSeed } from '../../db/feature-seeds'
import { modeOf } from '../../mode'
import { QR_VALIDITY_SECONDS } from '../../../core/payment/qr-payment.machine'
import { findCircle } from '../../circles/circles-repository'
import * as members from '../../circles/members-repository'
import { insertOrderOnce } from '../../membership/orders-repository'
import { requireSpec, specTitle } from '../../membership/goods'
import { recordReceived } from '../../membership/ledger'
import { setDelivery } from './order-deliveries-repository'

export async function seedCircleOrders(db: Db): Promise<void> {
  const rows = await members.paidMembersWithoutOrder(db)
  await db.kysely.transaction().execute(async (trx) => {
    let circleId = 0
    let nth = 0
    for (const m of rows) {
      nth = m.circle_id === circleId ? nth + 1 : 0
      circleId = m.circle_id
      const circle = await findCircle(trx, m.circle_id)
      if (!circle || circle.goods_id === null) continue
      // a paid circle's good has one yearly spec of the same id (server/circles/circles-repository.ts insertCircleGoods)
      const spec = await requireSpec(trx, circle.goods_id)
      const id = `GMHS${String(m.circle_id).padStart(4, '0')}${String(m.user_id).padStart(8, '0')}`
      const o = await insertOrderOnce(trx, {
        id, user_id: m.user_id, kind: 'goods', specs_id: spec.id, coupon_id: null, amount_cents: spec.price_cents, channel: 'wx_pub_qr', status: 'paid',
        idem_key: `seed:${id}`, subject: specTitle(spec).slice(0, 200), qr_token: null, create_timestamp: m.join_timestamp, expire_timestamp: m.join_timestamp + QR_VALIDITY_SECONDS, paid_timestamp: m.join_timestamp,
      })
      await recordReceived(trx, o, m.join_timestamp)
      await members.grantPaid(trx, m.circle_id, m.user_id, o.id, m.join_timestamp, m.expire_timestamp)
      // the first two of every circle: delivered, and being delivered
      if (nth < 2) await setDelivery(trx, o.id, nth === 0 ? 'DELIVERED' : 'IN_DELIVERY', circle.owner_id, m.join_timestamp + 86_400)
    }
  })
}

export const circleAdminDataSeeds: FeatureSeed[] = [
  { version: 1650, name: 'circle-admin data: the fixture members of paid circles get their orders (local mode only)', run: async (db) => (modeOf(process.env) === 'local' ? seedCircleOrders(db) : undefined) },
]
