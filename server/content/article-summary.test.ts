// One mapper for the article summary: no other server file builds one from rows by hand.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? files(full) : /\.ts$/.test(name) && !name.endsWith('.test.ts') ? [full] : []
  })

describe('the article summary mapper', () => {
  it('lives in server/content/article-summary.ts only', () => {
    // the fields only an ArticleSummary has together: channelName from a row, and the author object
    const mapping = /channelName:\s*r\.channel_name[\s\S]{0,200}author:\s*\{\s*id:/
    const mappers = files(SERVER).filter((f) => mapping.test(readFileSync(f, 'utf8'))).map((f) => relative(SERVER, f))
    expect(mappers).toEqual(['content/article-summary.ts'])
  })
})
