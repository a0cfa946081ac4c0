// spec 001 §3 'Real-name form', 'Real-name status result', 'Question set', 'Answer submission',
// 'Risk result', 'Asset allocation' and §7 'Qualification': the calls of the attestation flow.
// Field names are the spec's.
import * as Schema from 'effect/Schema'
import { IdFromString, Id, Seconds, Text } from './common'
import { get, post } from './endpoint'
import { IDENTITY_TYPES } from '../validation/real-name-form'

/** spec 001 §9: the attestation question id (2). */
export const QUESTIONNAIRE_ID = 2

/** spec 001 §3 'Real-name status result: status' (1 passed, 2 submitted and being verified — §4). */
export const RealNameStatusResult = Schema.Struct({ status: Schema.Number })
export type RealNameStatusResult = typeof RealNameStatusResult.Type

/** spec 001 §3: identity types. OTHER needs a type name (otherIdentityType). */
export const IdentityType = Schema.Literals(IDENTITY_TYPES)
export type IdentityType = typeof IdentityType.Type

/**
 * spec 001 §7: real-name payload — realName, identityType, otherIdentityType, idNumber (last 4
 * digits), phone, countryCode, highestEducation, career, location joined by '/', address, telephone,
 * postcode, sincerityRecord, company, position, email, fullIdNumber. The non-required fields of §5
 * ('collapsible') are optional here.
 */
export const RealNameBody = Schema.Struct({
  realName: Text(50),
  identityType: IdentityType,
  otherIdentityType: Schema.optional(Text(40)),
  idNumber: Schema.String.check(Schema.isPattern(/^[0-9A-Za-z]{1,4}$/)),
  /**
   * The reader's phone as the client has it: masked, first 3 and last 4 kept (spec 000 §5; spec 001 §5
   * 'Phone shown masked … and read-only'). The browser never holds the whole number; the server uses
   * the account's own.
   */
  phone: Schema.String.check(Schema.isPattern(/^[0-9*]{7,15}$/)),
  countryCode: Schema.String.check(Schema.isPattern(/^\d{1,4}$/)),
  highestEducation: Text(40),
  career: Text(40),
  location: Text(200),
  address: Text(200),
  telephone: Schema.optional(Text(30)),
  postcode: Schema.optional(Text(10)),
  sincerityRecord: Schema.optional(Text(100)),
  company: Schema.optional(Text(100)),
  position: Schema.optional(Text(50)),
  email: Schema.optional(Text(100)),
  fullIdNumber: Schema.String.check(Schema.isPattern(/^[0-9A-Za-z()（）-]{4,30}$/)),
})
export type RealNameBody = typeof RealNameBody.Type

/** spec 001 §7: 'Response result passed or other with message' — the port returns both. */
export interface RealNameOutcome {
  readonly result: string
  readonly message: string
}

/** spec 001 §3 'Risk result': evaluationType, description, expireTimestamp (seconds), id. */
export const RiskResult = Schema.Struct({
  evaluationType: Schema.String,
  description: Schema.String,
  expireTimestamp: Seconds,
  id: Schema.Number,
})
export type RiskResult = typeof RiskResult.Type

export const QuestionOption = Schema.Struct({ id: Schema.Number, description: Schema.String })
export const Question = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  options: Schema.Array(QuestionOption),
})
export type Question = typeof Question.Type

/** spec 001 §3 'Question set': id, description, evaluationType, expireTimestamp (seconds), questions[]. */
export const QuestionSet = Schema.Struct({
  id: Schema.Number,
  description: Schema.String,
  evaluationType: Schema.optional(Schema.String),
  expireTimestamp: Schema.optional(Seconds),
  questions: Schema.Array(Question),
})
export type QuestionSet = typeof QuestionSet.Type

/** spec 001 §3 'Answer submission': list of {questionId, optionIds[one]}. */
export const AnswerSubmission = Schema.Array(
  Schema.Struct({ questionId: Id, optionIds: Schema.Array(Id).check(Schema.isBetweenLength(1, 1)) }),
).check(Schema.isMaxLength(50))
export type AnswerSubmission = typeof AnswerSubmission.Type

/** spec 001 §3 'Asset allocation': configurations[] (name, proportion percent). */
export const AssetAllocation = Schema.Struct({
  configurations: Schema.Array(Schema.Struct({ name: Schema.String, proportion: Schema.Number })),
})
export type AssetAllocation = typeof AssetAllocation.Type

// --- endpoints (spec 001 §7 'Qualification') -------------------------------------------------

export const realNameStatus = get('realName.status', '/api/real-name/authentication/v1', { result: RealNameStatusResult })

export const submitRealName = post('realName.submit', '/api/real-name/authentication/v1', { body: RealNameBody, result: Schema.String })

/**
 * GET /api/questionnaire/{id}/info/v1 — the user's standing result for the questionnaire (none when
 * never taken). The spec lists the two questionnaire paths without pairing them to shapes; this one
 * carries the risk result, /v1 the questions.
 */
export const questionnaireInfo = get('questionnaire.info', '/api/questionnaire/{id}/info/v1', {
  params: Schema.Struct({ id: IdFromString }),
  result: Schema.NullOr(RiskResult),
})

export const questionnaire = get('questionnaire.questions', '/api/questionnaire/{id}/v1', {
  params: Schema.Struct({ id: IdFromString }),
  result: QuestionSet,
})

export const assetAllocation = get('assetAllocation.detail', '/api/asset-allocation/{id}/v1', {
  params: Schema.Struct({ id: IdFromString }),
  result: AssetAllocation,
})
/**
 * The answers submission (spec 001 §3 'Answer submission'; path not shown — ours): answers every
 * question with one option; answers the new risk result.
 */
export const submitAnswers = post('questionnaire.answers', '/api/questionnaire/{id}/answers/v1', {
  params: Schema.Struct({ id: IdFromString }),
  body: AnswerSubmission,
  result: RiskResult,
})
