// Shapes the auth machines read from the account calls (spec 000 §3, §7 'Account'; spec 001 §3,
// §7 'Account calls used in this flow'). The adapters decode the real answers into these.

/** The envelope every answer comes in: `{ statusCode, message, result }`. */
export interface AuthAnswer<R = unknown> {
  readonly statusCode: number
  readonly message: string
  readonly result?: R | null
}

/** statusCode 200: success. */
export const STATUS_OK = 200
/** spec 001 §7: phone code send answering 2000 = human verification needed. */
export const STATUS_NEEDS_CAPTCHA = 2000
/** spec 001 §4: bind answering 1012 (with users in result) = merge needed. */
export const STATUS_MERGE_NEEDED = 1012
/** spec 001 §7 'Responses and handling': merge 417 = message in the confirm step. */
export const STATUS_MERGE_REFUSED = 417

/** The login info stored on sign-in (spec 000 §3 'Login info'; only what the flow reads is typed). */
export interface SignIn {
  readonly id: number
  readonly nick: string
  readonly avatar: string
  readonly membership?: { readonly type: string; readonly expireTimestamp: number; readonly icon: string } | null
  /** false when the account has not yet accepted the user agreement */
  readonly agreeUserAgreement?: boolean
}

/** The WeChat login result (spec 000 §3: agreeUserAgreement and needBindPhone, plus nick and avatar for binding). */
export interface WechatSession {
  readonly agreeUserAgreement: boolean
  readonly needBindPhone: boolean
  readonly nick: string
  readonly avatar: string
}

/** The WeChat nick and avatar shown while binding a phone (spec 001 §3 bindWechatInfo). */
export interface BindInfo {
  readonly nick: string
  readonly avatar: string
}

/** What gt-init answers: the parameters the slider widget starts with. */
export interface CaptchaParams {
  readonly gt: string
  readonly challenge: string
  readonly success?: number
  readonly new_captcha?: boolean
}

/** What the solved slider gives back; sent with the repeated code request (spec 000 §3). */
export interface CaptchaResult {
  readonly challenge: string
  readonly validate: string
  readonly seccode: string
}

/** spec 001 §3 'Merge candidates' (phoneUser, loginUser). */
export interface MergeCandidate {
  readonly id: number
  readonly nick: string
  readonly avatar: string
  /** seconds */
  readonly createDate: number
  readonly phone: string
  readonly binds: readonly ('WEI_XIN' | 'QQ' | 'WEI_BO')[]
  readonly svip: boolean
  readonly userCount: {
    readonly follow: number
    readonly fans: number
    readonly optionalStock: number
    readonly createPortfolios: number
  }
}

export interface MergeUsers {
  readonly phoneUser: MergeCandidate
  readonly loginUser: MergeCandidate
}

/** Which code a request is for; the adapter picks the endpoint (login/register, reset, bind). */
export type CodePurpose = 'login' | 'reset' | 'bind'

/** A phone code request (spec 001 §7: phone, countryCode, challenge, validate, seccode). */
export interface CodeRequest {
  readonly phone: string
  readonly countryCode: string
  readonly purpose: CodePurpose
}
