// spec 001 §1, §3 'Order goods by type': what can be bought. Framework-free, so a route table in the
// entry chunk can tell a goods type without Effect (core/api/order.ts builds its schema from this list).
export const GOODS_TYPES = ['article', 'column', 'vip', 'permanent', 'singleVideo', 'pack', 'financialCircle'] as const
export type GoodsTypeName = (typeof GOODS_TYPES)[number]

export const isGoodsType = (s: string | undefined): s is GoodsTypeName => (GOODS_TYPES as readonly string[]).includes(s ?? '')
