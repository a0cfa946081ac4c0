// Shared field schemas for query strings and results.
import * as Schema from 'effect/Schema'
import * as SchemaTransformation from 'effect/SchemaTransformation'

/**
 * Ids live in PostgreSQL `integer`/`serial` columns: 1 to 2^31−1. A larger id is refused here, at the
 * contract, with a 400; the database never sees it (it would answer 'out of range', a 500).
 */
export const MAX_ID = 2_147_483_647
/** A positive id in a JSON body. */
export const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(MAX_ID))
/** A positive id in a path or query. */
export const IdFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(MAX_ID))
/** A non-negative integer (a timestamp, a page number) in a JSON body: at most 2^53−1, which `bigint` columns hold. */
export const Int = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER))
/** A non-negative integer that arrives as a string in a query or path: at most 2^53−1. */
export const IntFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER))
/** PostgreSQL refuses U+0000 in text: no text field of the contract accepts it. */
export const isWithoutNul = Schema.makeFilter((s: string) => !s.includes('\u0000') || '不能包含空字符')
/** Text from the client: at most `max` characters, no NUL. */
export const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max), isWithoutNul)
/** Every id in a comma-separated list fits an `integer` column. */
export const isIdList = Schema.makeFilter((s: string) => s.split(',').every((id) => Number(id) <= MAX_ID) || `每个 id 应不大于 ${MAX_ID}`)
/** A page size: 1 to 100. */
export const CountFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 }))
/** `true`/`false`/`1`/`0` in a query. */
export const BoolFromString = Schema.Literals(['true', 'false', '1', '0']).pipe(
  Schema.decodeTo(
    Schema.Boolean,
    SchemaTransformation.transform<boolean, 'true' | 'false' | '1' | '0'>({
      decode: (s: 'true' | 'false' | '1' | '0') => s === 'true' || s === '1',
      encode: (b: boolean) => (b ? 'true' : 'false'),
    }),
  ),
)
/** Seconds since the epoch (spec: timestamps in seconds). */
export const Seconds = Schema.Number.check(Schema.isInt())

/** The answer of a call that says only whether it worked. */
export const Ok = Schema.Boolean

export const Author = Schema.Struct({
  id: Schema.Number,
  nick: Schema.String,
  avatar: Schema.String,
})
export type Author = typeof Author.Type
