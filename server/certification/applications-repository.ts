// The certification_applications table (026_certification.sql): creator-certification applications,
// one row each, their status and the reviewer's decision. The one place its SQL lives.
import type { Insertable, Selectable } from 'kysely'
import type { CertificationApplicationsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import type { ApplicationStatus } from '../../core/certification/certificate-form'

export type ApplicationRow = Selectable<CertificationApplicationsTable>
export type NewApplication = Insertable<CertificationApplicationsTable>

export async function insertApplication(d: Queryable, row: NewApplication): Promise<ApplicationRow> {
  return k(d).insertInto('certification_applications').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function applicationById(d: Queryable, id: number): Promise<ApplicationRow | undefined> {
  return k(d).selectFrom('certification_applications').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The person's latest application, whatever its status. */
export async function latestApplicationOf(d: Queryable, userId: number): Promise<ApplicationRow | undefined> {
  return k(d).selectFrom('certification_applications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/** One page of applications in a status, oldest first (the queue a reviewer works through), with the applicants' nick and avatar. */
export async function applicationsByStatus(
  d: Queryable,
  status: ApplicationStatus,
  at: { page: number; count: number },
): Promise<{ rows: (ApplicationRow & { nick: string; avatar: string })[]; total: number }> {
  const rows = await k(d)
    .selectFrom('certification_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select(['u.nick', 'u.avatar'])
    .where('a.status', '=', status)
    .orderBy('a.create_time')
    .orderBy('a.id')
    .limit(at.count)
    .offset((at.page - 1) * at.count)
    .execute()
  const total = await k(d)
    .selectFrom('certification_applications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total.n) }
}

/**
 * Decides an application that is still under review: answers the decided row, or undefined when it is
 * not under review (any more). The `status = 'reviewing'` condition makes two decisions at once one:
 * the second finds nothing to update.
 */
export async function decideApplication(
  d: Queryable,
  id: number,
  decision: { status: 'success' | 'failure'; rejectReason: string | null; reviewerId: number; reviewTime: number },
): Promise<ApplicationRow | undefined> {
  return k(d)
    .updateTable('certification_applications')
    .set({ status: decision.status, reject_reason: decision.rejectReason, reviewer_id: decision.reviewerId, review_time: decision.reviewTime })
    .where('id', '=', id)
    .where('status', '=', 'reviewing')
    .returningAll()
    .executeTakeFirst()
}
