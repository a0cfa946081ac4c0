// Who may publish (spec 000 §6: momentPublishable controls whether a user may publish). An account
// the moderators muted (role MUTED) may still read, but not post, comment or upload: the answer is
// 403 with a message, which the client shows in its 'friendly reminder' dialog (spec 000 §8: an
// image upload with statusCode 403 and a message).
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { userRoles } from '../accounts/users-repository'

export const MUTED_ROLE = 'MUTED'
export const MUTED_MESSAGE = '您的账号已被限制发布内容，如有疑问请联系客服'

export async function mayPublish(db: Db, userId: number): Promise<boolean> {
  const roles = await userRoles(db, userId)
  return !!roles && !roles.includes(MUTED_ROLE)
}

export async function assertMayPublish(db: Db, userId: number): Promise<void> {
  if (!(await mayPublish(db, userId))) throw new ApiError(403, MUTED_MESSAGE)
}
