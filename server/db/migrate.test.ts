import { describe, expect, it } from 'vitest'
import { loadMigrations, splitSqlStatements } from './migrate'

describe('splitSqlStatements', () => {
  it('splits at top-level semicolons and drops comments', () => {
    expect(splitSqlStatements('-- a comment; still comment\nCREATE TABLE a (x int);\n/* block; */ CREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ])
  })
  it('keeps semicolons inside quotes and dollar quotes', () => {
    const script = "INSERT INTO t VALUES ('a;b', 'it''s; fine');\nCREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\nSELECT \"odd;name\" FROM t"
    expect(splitSqlStatements(script)).toEqual([
      "INSERT INTO t VALUES ('a;b', 'it''s; fine')",
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql',
      'SELECT "odd;name" FROM t',
    ])
  })
  it('ignores empty statements', () => {
    expect(splitSqlStatements(' ;\n;; SELECT 1 ;  ')).toEqual(['SELECT 1'])
  })
})

describe('loadMigrations', () => {
  it('loads the numbered .sql files in order', () => {
    const versions = loadMigrations().map((m) => m.version)
    expect(versions[0]).toBe('001_init')
    expect([...versions].sort()).toEqual(versions)
  })
})
