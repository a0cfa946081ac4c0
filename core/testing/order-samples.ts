/**
 * Sample data of the order dialog and attestation flows, shared by their model tests
 * (core/order/order-dialog.machine.test.ts, core/attestation/attestation.machine.test.ts) and the
 * visualiser's simulator (ui/dev/simulate-fixtures.ts), so the three click through the same goods,
 * coupons, questions and forms instead of three copies that drift.
 */
import type { QuestionSet, RealNameBody, RiskResult } from '../api/attestation'
import type { Coupon, OrderGoods, OrderInfo } from '../api/order'
import type { Kyc } from '../attestation/attestation.machine'

/** A risk test valid until 2100 and one that expired in 1970. */
export const riskValid: RiskResult = { evaluationType: 'C3', description: '稳健型', expireTimestamp: 4_102_444_800, id: 42 }
export const riskExpired: RiskResult = { ...riskValid, expireTimestamp: 1_000_000, id: 41 }

export const questionSet: QuestionSet = {
  id: 2,
  description: '风险测评',
  questions: [
    { id: 7, title: '您的年龄', options: [{ id: 70, description: '18-30岁' }, { id: 71, description: '31-50岁' }] },
    { id: 8, title: '投资经验', options: [{ id: 80, description: '无' }, { id: 81, description: '5年以上' }] },
  ],
}

export const realNameForm: RealNameBody = {
  realName: '张三',
  identityType: 'IDENTITY_CARD',
  idNumber: '1234',
  phone: '13800000000',
  countryCode: '86',
  highestEducation: '本科',
  career: '其他',
  location: '广东省/深圳市/南山区',
  address: '科技园1号',
  fullIdNumber: '110101199001011234',
}

export const notCertified: Kyc = { certification: false, svipInvestor: false }

export const coupon = (couponId: number, over: Partial<Coupon> = {}): Coupon => ({
  couponId,
  couponName: `券${couponId}`,
  startTimestamp: 0,
  endTimestamp: 4_102_444_800,
  description: '',
  amount: 1_000,
  isAvailable: true,
  ...over,
})

export const goods: OrderGoods = {
  title: '黑金会员',
  name: '黑金',
  link: '/member',
  purchaseInfos: [
    { specsId: 11, name: '月卡', price: 9_900, coupons: [coupon(1, { isAvailable: false }), coupon(2)] },
    { specsId: 12, name: '年卡', price: 99_900, coupons: [coupon(3)] },
  ],
}

export const payInfo = { total: 9_900, totalText: '99.00', goods: [{ name: '月卡', currentPriceText: '99.00' }], packageSpecsId: 11 }

/** agreements to tick and sign, a membership add-on, no gurucoin */
export const infoSigned: OrderInfo = {
  couponList: [coupon(2), coupon(4)],
  vipDiscount: { specsId: 5, tip: '', summary: '', button: '', icon: '' },
  agreements: [{ id: 1, title: '服务协议' }],
  payInfo,
  publicKey: 'pk',
  userToken: 'tk',
  userCoin: 0,
}
/** no agreements, enough gurucoin */
export const infoPlain: OrderInfo = { ...infoSigned, vipDiscount: null, agreements: [], userCoin: 100_000 }
