// Following a user, shared by the features that show people (accounts, reading/community):
// POST /api/friendships/follow or unfollow (spec 000 §7, destUserId).
import type { HttpPort } from '../../core/api/http-port'
import type { SaveOutput } from '../../core/toggle/toggle.machine'

// the contract loads on demand (this module is reachable from the entry chunk)
const accounts = () => import('../../core/api/accounts')

export const followUser = (http: HttpPort) => async (userId: number, on: boolean): Promise<SaveOutput> => {
  const { follow, unfollow } = await accounts()
  await http.call(on ? follow : unfollow, { body: { destUserId: userId } })
  return { on }
}
