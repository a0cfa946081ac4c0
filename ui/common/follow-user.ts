// Following a user, shared by the features that show people (accounts, reading/community):
// POST /api/friendships/follow or unfollow (spec 000 §7, destUserId).
import { follow, unfollow } from '../../core/api/accounts'
import type { HttpPort } from '../../core/api/http-port'
import type { SaveOutput } from '../../core/toggle/toggle.machine'

export const followUser = (http: HttpPort) => async (userId: number, on: boolean): Promise<SaveOutput> => {
  await http.call(on ? follow : unfollow, { body: { destUserId: userId } })
  return { on }
}
