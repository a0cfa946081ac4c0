// Shared field schemas for query strings and results.
import * as Schema from 'effect/Schema'
import * as SchemaTransformation from 'effect/SchemaTransformation'

/** A non-negative integer that arrives as a string in a query or path. */
export const IntFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
/** A positive id in a path or query. */
export const IdFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0))
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

export const Author = Schema.Struct({
  id: Schema.Number,
  nick: Schema.String,
  avatar: Schema.String,
})
export type Author = typeof Author.Type
