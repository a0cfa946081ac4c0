// The membership feature's calls (issue 13): views get them here, never from the port directly.
import type { HttpPort } from '../../core/api/http-port'
import * as order from '../../core/api/order'
import { useApi } from '../common/use-api'

export interface MembershipApi {
  purchased(): Promise<readonly order.PurchasedItem[]>
  coupons(): Promise<readonly order.Coupon[]>
}

const make = (http: HttpPort): MembershipApi => ({
  purchased: () => http.call(order.userPurchased, {}),
  coupons: () => http.call(order.userCoupons, { query: {} }),
})

export const useMembershipApi = (): MembershipApi => useApi(make)
