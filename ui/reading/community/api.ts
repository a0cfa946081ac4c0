// The community feature's API module: the calls its views and machines make, built from the HTTP
// port (design.md 'App state and the API layer'). Views take them through useCommunityApi().
import type { HttpPort } from '../../../core/api/http-port'
import { recommendUsers } from '../../../core/api/reading-community'
import { followUser } from '../../common/follow-user'
import { useApi } from '../../common/use-api'

export function communityApi(http: HttpPort) {
  return {
    recommendUsers: () => http.call(recommendUsers, { query: { count: 30 } }),
    followUser: followUser(http),
  }
}

export const useCommunityApi = () => useApi(communityApi)
