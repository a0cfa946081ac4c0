// A signed-in reader's login info (spec 000 §4 /api/user/get/v2) for tests of the session on both
// sides: a plain member without KYC or coins; pass what a test is about.
import type { LoginInfo } from '../api/accounts'

export function loginInfoFixture(over: Partial<LoginInfo> = {}): LoginInfo {
  return {
    id: 7,
    nick: '老股民',
    avatar: '',
    brief: '',
    sex: 0,
    country: '',
    state: '',
    city: '',
    professions: [],
    phone: '138****8000',
    countryCode: '86',
    email: '',
    hasPassword: true,
    wechatBound: false,
    roles: [],
    kyc: { certification: false, svipInvestor: false },
    membership: null,
    userCount: { fans: 1, follow: 2, favorite: 0, post: 0, optionalStock: 2 },
    account: { coin: 0 },
    level: { currentLevel: 1 },
    momentPublishable: true,
    message: { unCheck: 0 },
    advisoryCertification: null,
    agreeUserAgreement: true,
    createDate: 1_700_000_000,
    ...over,
  }
}
