// spec 000 §7 'Account' and spec 001 §7 'Account calls used in this flow': sign-up, login, codes,
// captcha, profile, binding and merging, WeChat, friendships. Wire names as the spec writes them.
import * as Schema from 'effect/Schema'
import { get, publicGet, post, put } from './endpoint'
import { Page } from './page'
import { Author, Id, IdFromString, IntFromString, CountFromString, Seconds, Text, isIdList, isWithoutNul, Ok } from './common'

// --- fields ---------------------------------------------------------------------------------

/** A calling code: 1 to 4 digits, '+' allowed (spec 000 §9: default 86). */
export const CountryCode = Schema.String.check(Schema.isPattern(/^\+?[1-9]\d{0,3}$/))
/** A phone number: 4 to 15 digits (E.164); the calling-code rule is checked by the service. */
export const Phone = Schema.String.check(Schema.isPattern(/^\d{4,15}$/))
/** spec 000 §9: code six digits */
export const PhoneCode = Schema.String.check(Schema.isPattern(/^\d{6}$/))
/** spec 000 §5, §9: password 6 to 16 characters (the service counts code points). */
export const NewPassword = Schema.String.check(Schema.isMinLength(6), Schema.isMaxLength(64), isWithoutNul)
export const AnyPassword = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128), isWithoutNul)
export const Email = Schema.String.check(Schema.isPattern(/^[^\s@]{1,64}@[^\s@]{1,190}$/))

// --- results --------------------------------------------------------------------------------

export const Membership = Schema.Struct({ type: Schema.String, expireTimestamp: Seconds, icon: Schema.String })
export const UserCount = Schema.Struct({
  fans: Schema.Number,
  follow: Schema.Number,
  favorite: Schema.Number,
  post: Schema.Number,
  optionalStock: Schema.Number,
})

/** spec 000 §3 'Login info' (and spec 001 §3 'User state'). */
export const LoginInfo = Schema.Struct({
  ...Author.fields,
  brief: Schema.String,
  sex: Schema.Number,
  country: Schema.String,
  state: Schema.String,
  city: Schema.String,
  professions: Schema.Array(Schema.String),
  /** masked: first 3 and last 4 kept (spec 000 §5) */
  phone: Schema.String,
  countryCode: Schema.String,
  email: Schema.String,
  hasPassword: Schema.Boolean,
  wechatBound: Schema.Boolean,
  roles: Schema.Array(Schema.Struct({ type: Schema.String })),
  kyc: Schema.Struct({ certification: Schema.Boolean, svipInvestor: Schema.Boolean }),
  membership: Schema.NullOr(Membership),
  userCount: UserCount,
  account: Schema.Struct({ coin: Schema.Number }),
  level: Schema.Struct({ currentLevel: Schema.Number }),
  momentPublishable: Schema.Boolean,
  message: Schema.Struct({ unCheck: Schema.Number }),
  advisoryCertification: Schema.NullOr(Schema.Struct({ createTime: Seconds })),
  agreeUserAgreement: Schema.Boolean,
  createDate: Seconds,
})
export type LoginInfo = typeof LoginInfo.Type

/** A user's public card (/user/{id}, follower lists). */
export const PublicUser = Schema.Struct({
  ...Author.fields,
  brief: Schema.String,
  roles: Schema.Array(Schema.Struct({ type: Schema.String })),
  membership: Schema.NullOr(Membership),
  level: Schema.Struct({ currentLevel: Schema.Number }),
  userCount: UserCount,
  /** whether the signed-in reader follows this user (false for guests) */
  isFollow: Schema.Boolean,
})
export type PublicUser = typeof PublicUser.Type

/** spec 001 §3 'Merge candidates'. */
export const MergeCandidate = Schema.Struct({
  ...Author.fields,
  createDate: Seconds,
  phone: Schema.String,
  binds: Schema.Array(Schema.Literals(['WEI_XIN', 'QQ', 'WEI_BO'])),
  svip: Schema.Boolean,
  userCount: Schema.Struct({
    follow: Schema.Number,
    fans: Schema.Number,
    optionalStock: Schema.Number,
    createPortfolios: Schema.Number,
  }),
})
export const MergeUsers = Schema.Struct({ phoneUser: MergeCandidate, loginUser: MergeCandidate })

export const CaptchaParams = Schema.Struct({
  gt: Schema.String,
  challenge: Schema.String,
  success: Schema.optional(Schema.Number),
  new_captcha: Schema.optional(Schema.Boolean),
})

export const CountryCodeEntry = Schema.Struct({ text: Schema.String, code: Schema.String, region: Schema.String })

/** spec 000 §3: the WeChat login result carries agreeUserAgreement and needBindPhone, plus nick and avatar. */
export const WechatSession = Schema.Struct({
  agreeUserAgreement: Schema.Boolean,
  needBindPhone: Schema.Boolean,
  nick: Schema.String,
  avatar: Schema.String,
})


// --- codes and captcha ------------------------------------------------------------------------

const CodeTarget = { phone: Phone, countryCode: CountryCode }
const CaptchaFields = {
  challenge: Schema.optional(Text(100)),
  validate: Schema.optional(Text(100)),
  seccode: Schema.optional(Text(120)),
}

/** Sends a login/register code. statusCode 2000 = human verification needed first (spec 001 §7). */
export const sendMessageCode = post('sms.messageCode', '/api/over-sea-sms/message-code', {
  body: Schema.Struct({ ...CodeTarget, ...CaptchaFields, purpose: Schema.optional(Schema.Literals(['login', 'reset', 'bind'])) }),
  result: Ok,
})
/** Phone-code session (the oversea SMS flavour of fast login; signs a new phone up). */
export const smsSession = post('sms.session', '/api/over-sea-sms/session', {
  body: Schema.Struct({ ...CodeTarget, phoneCode: PhoneCode }),
  result: LoginInfo,
})
export const smsRegister = post('sms.register', '/api/over-sea-sms/register', {
  body: Schema.Struct({ ...CodeTarget, phoneCode: PhoneCode, password: Schema.optional(NewPassword), nick: Schema.optional(Text(40)) }),
  result: LoginInfo,
})
/** spec 001 §7: POST /api/over-sea-sms/gt-init {phone, countryCode} → the slider parameters. */
export const gtInit = post('sms.gtInit', '/api/over-sea-sms/gt-init', { body: Schema.Struct(CodeTarget), result: CaptchaParams })
/** The local slider: the offset the person dragged to → challenge/validate/seccode (local default only). */
export const captchaVerify = post('captcha.verify', '/api/captcha/local/verify', {
  body: Schema.Struct({ challenge: Text(100), offset: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 400 })) }),
  result: Schema.Struct({ challenge: Schema.String, validate: Schema.String, seccode: Schema.String }),
})
/** The local slider's picture (the gap is drawn, never given as a number) and sizes (local default only). */
export const captchaChallenge = get('captcha.challenge', '/api/captcha/local/challenge/{challenge}', {
  params: Schema.Struct({ challenge: Text(100) }),
  result: Schema.Struct({ width: Schema.Number, piece: Schema.Number, gapY: Schema.Number, image: Schema.String }),
})
/** Country calling codes (spec 000 §3: about 230, China 86 first). */
export const countryCodes = publicGet('sms.countryCodes', '/api/over-sea-sms/country-codes', {
  publicMaxAgeMs: 60_000,
  result: Schema.Array(CountryCodeEntry),
})

// --- login, logout, register ------------------------------------------------------------------

/** spec 000 §7: fast login (phone, phoneCode, countryCode). */
export const fastLogin = post('user.fastLogin', '/api/v2/user/session/v2', {
  body: Schema.Struct({ ...CodeTarget, phoneCode: PhoneCode }),
  result: LoginInfo,
})
export const phoneCodeLogin = post('user.phoneCodeLogin', '/api/user/login/phone-code', {
  body: Schema.Struct({ ...CodeTarget, phoneCode: PhoneCode }),
  result: LoginInfo,
})
/** spec 000 §7: POST /api/user/login/v2 (userName, password); userName is a phone, an e-mail or '86 phone'. */
export const passwordLogin = post('user.passwordLogin', '/api/user/login/v2', {
  body: Schema.Struct({ userName: Text(80).check(Schema.isMinLength(1)), password: AnyPassword, countryCode: Schema.optional(CountryCode) }),
  result: LoginInfo,
})
/** spec 000 §7: GET /api/user/logout — a GET that changes state (CSRF-checked like a POST). */
export const logout = get('user.logout', '/api/user/logout', { changesState: true, result: Ok })
/** Whether the session has timed out (true for guests). */
export const loginTimeout = get('user.loginTimeout', '/api/user/login/timeout', { result: Schema.Struct({ timeout: Schema.Boolean }) })
/** spec 000 §7: POST /api/v2/user (register). */
export const register = post('user.register', '/api/v2/user', {
  body: Schema.Struct({ ...CodeTarget, phoneCode: PhoneCode, password: NewPassword, nick: Schema.optional(Text(40)) }),
  result: LoginInfo,
})

// --- passwords --------------------------------------------------------------------------------

export const emailForgot = post('user.emailForgot', '/api/email/forgot', { body: Schema.Struct({ email: Email }), result: Ok })
export const resetByEmail = put('user.resetByEmail', '/api/v2/user/password/email', {
  body: Schema.Struct({ email: Email, emailCode: PhoneCode, password: NewPassword, passwordConfirm: NewPassword }),
  result: Ok,
})
/** spec 001 §7: password reset by phone (phone, phoneCode, password, passwordConfirm, countryCode). */
export const resetByPhone = put('user.resetByPhone', '/api/v2/user/password/phone', {
  body: Schema.Struct({ ...CodeTarget, phoneCode: PhoneCode, password: NewPassword, passwordConfirm: NewPassword }),
  result: Ok,
})
/** spec 000 §7: POST /api/user/updatePwd (oldPassword, user.password). */
export const updatePassword = post('user.updatePwd', '/api/user/updatePwd', {
  body: Schema.Struct({ oldPassword: Schema.optional(Text(128)), user: Schema.Struct({ password: NewPassword }) }),
  result: Ok,
})

// --- the user ---------------------------------------------------------------------------------

export const getUser = get('user.get', '/api/user/get/v2', { result: LoginInfo })
export const getUserDetail = get('user.getDetail', '/api/user/getDetail', { query: Schema.Struct({ userId: IdFromString }), result: PublicUser })
export const userInfoById = get('user.userInfo', '/user/api/user/user-info/user-id', {
  query: Schema.Struct({ userToken: Schema.optional(Text(200)), platform: Schema.optional(Text(20)), userId: Schema.optional(IdFromString) }),
  result: Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String }),
})
export const advisoryCertification = get('user.advisoryCertification', '/api/user/advisory-certification/v1', {
  result: Schema.NullOr(Schema.Struct({ createTime: Seconds })),
})
export const mapUnreadCount = get('user.mapUnreadCount', '/api/user/map-unread-count', { result: Schema.Struct({ unCheck: Schema.Number }) })
/** spec 000 §3 'Profile update': userId, nick, sex, country, state, city, userBrief, professions. */
export const updateInfo = post('user.updateInfo', '/api/user/updateInfo', {
  body: Schema.Struct({
    userId: Id,
    nick: Schema.optional(Text(40)),
    sex: Schema.optional(Schema.Literals([0, 1, 2])),
    country: Schema.optional(Text(40)),
    state: Schema.optional(Text(40)),
    city: Schema.optional(Text(40)),
    userBrief: Schema.optional(Text(200)),
    professions: Schema.optional(Schema.Array(Text(20)).check(Schema.isMaxLength(5))),
  }),
  result: LoginInfo,
})
/** Avatar upload as a data URL (png, jpeg, gif; 3,000,000 bytes at most, spec 000 §5). */
export const uploadAvatar = post('user.uploadAvatar', '/api/user/avatar/v1', {
  // spec 000 §5: up to 3,000,000 bytes, base64 in JSON (4,000,000 characters); room above that so a
  // slightly larger picture gets the spec's size message rather than 413
  maxBodyBytes: 5 * 1024 * 1024,
  body: Schema.Struct({ dataUrl: Text(5_200_000) }),
  result: Schema.Struct({ avatar: Schema.String }),
})
/** PUT /api/user/agreement/v1 (no payload). */
export const acceptAgreement = put('user.agreement', '/api/user/agreement/v1', { result: Ok })

// --- binding and merging ----------------------------------------------------------------------

const BindBody = Schema.Struct({ ...CodeTarget, verificationCode: PhoneCode })
/** Answers 200 (bound) or 1012 with phoneUser and loginUser (merge needed). */
export const bindPhone = post('user.bindPhone', '/api/user/bind/phone/v2', { body: BindBody, result: Schema.NullOr(MergeUsers) })
export const verifyBindPhone = post('user.bindVerify', '/api/user/bind/verify/phone', { body: BindBody, result: Ok })
/** spec 001 §7: merge accounts (selectedAccount, deprecatedAccount); 417 when it cannot be done. */
export const mergeAccounts = post('user.merge', '/api/user/merge/v1', {
  body: Schema.Struct({
    selectedAccount: Id,
    deprecatedAccount: Id,
  }),
  result: LoginInfo,
})
export const getByPhone = get('user.getByPhone', '/api/user/get-by-phone/v1', {
  query: Schema.Struct(CodeTarget),
  result: Schema.Struct({ exists: Schema.Boolean }),
})

// --- WeChat -----------------------------------------------------------------------------------

/** The QR widget: a state and the URL its code encodes (the local default serves that page). */
export const wechatQr = get('wechat.qr', '/api/we-chat/qr', {
  // it stores a login grant bound to this browser
  changesState: true,
  query: Schema.Struct({ redirect: Text(500), purpose: Schema.optional(Schema.Literals(['login', 'bind'])) }),
  result: Schema.Struct({ state: Schema.String, url: Schema.String, expireSeconds: Schema.Number }),
})
/** Polled by the QR widget: confirmed once the person confirmed on their phone (then the code). */
export const wechatQrStatus = get('wechat.qrStatus', '/api/we-chat/qr/status', {
  query: Schema.Struct({ state: Schema.String.check(Schema.isPattern(/^[0-9a-f]{32}$/)) }),
  result: Schema.Struct({ status: Schema.Literals(['waiting', 'confirmed', 'expired']), code: Schema.NullOr(Schema.String) }),
})
/** spec 000 §3: WeChat login (timestamp, code, sign). */
export const wechatSession = get('wechat.session', '/api/we-chat/session/v2', {
  changesState: true,
  query: Schema.Struct({ code: Text(100).check(Schema.isMinLength(1)), timestamp: Schema.optional(IntFromString), sign: Schema.optional(Text(200)) }),
  result: WechatSession,
})
export const wechatBind = get('wechat.bind', '/api/we-chat/bind', {
  changesState: true,
  query: Schema.Struct({ code: Text(100).check(Schema.isMinLength(1)) }),
  result: Ok,
})
/** spec 001 §7 'Account calls': GET /api/weChat/unbind — the spec's GET, which changes state (CSRF-checked like a POST). */
export const wechatUnbind = get('wechat.unbind', '/api/weChat/unbind', { changesState: true, result: Ok })

// --- friendships ------------------------------------------------------------------------------

const FriendPage = Page(PublicUser)
const FriendQuery = Schema.Struct({
  userId: Schema.optional(IdFromString),
  page: Schema.optional(IdFromString),
  /** spec 000 §9: followings page size 500 */
  count: Schema.optional(Schema.Union([CountFromString, Schema.Literal('500')])),
})
export const followings = get('friendships.followings', '/api/friendships/followings/v2', { query: FriendQuery, result: FriendPage })
export const followers = get('friendships.followers', '/api/friendships/followers/v2', { query: FriendQuery, result: FriendPage })
const Dest = Schema.Struct({ destUserId: Id })
export const follow = post('friendships.follow', '/api/friendships/follow', { body: Dest, result: Ok })
export const unfollow = post('friendships.unfollow', '/api/friendships/unfollow', { body: Dest, result: Ok })
export const isFollow = get('friendships.isfollow', '/api/friendships/isfollow', {
  query: Schema.Struct({ userIds: Text(2000).check(Schema.isPattern(/^\d{1,10}(,\d{1,10}){0,199}$/), isIdList) }),
  result: Schema.Array(Schema.Struct({ userId: Schema.Number, isFollow: Schema.Boolean })),
})

// --- the dev outbox (never in production) -----------------------------------------------------

export const devOutbox = get('dev.outbox', '/api/dev/outbox', {
  query: Schema.Struct({ target: Schema.optional(Text(200)) }),
  result: Schema.Array(Schema.Struct({ id: Schema.Number, channel: Schema.String, target: Schema.String, text: Schema.String, createdAt: Schema.Number })),
})
