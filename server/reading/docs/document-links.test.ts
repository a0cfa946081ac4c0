// Every link in the site to a named document resolves on the real server: the /terms/{name} hrefs written in
// ui/**, every name in core's table of document names, and the documents that purchase agreements point at.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as docs from '../../../core/api/reading-docs'
import { DOCUMENT_NAMES } from '../../../core/reading/docs/document-names'
import { AGREEMENTS, DOCUMENTS } from '../../../fixtures/reading-docs/documents'
import { createTestApp, type TestApp } from '../../testing/test-app'

const ROOT = join(import.meta.dirname, '../../..')
const DOC_HREF = /\/terms\/([A-Za-z0-9_.-]+)/g

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : []
  })
}

const TABLE_REF = /DOCUMENT_NAMES\.([A-Za-z]+)/g
const table: Record<string, string> = DOCUMENT_NAMES

/**
 * `name → files` for every document the views link to: a literal /terms/{name}, or a name taken from core's
 * table (`DOCUMENT_NAMES.userAgreement`); a key the table lacks shows as `?key`, which no document answers.
 */
function hrefsInUi(): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const add = (name: string, file: string) => found.set(name, [...(found.get(name) ?? []), relative(ROOT, file)])
  for (const file of sources(join(ROOT, 'ui'))) {
    const text = readFileSync(file, 'utf8')
    for (const [, name] of text.matchAll(DOC_HREF)) add(name as string, file)
    for (const [, key] of text.matchAll(TABLE_REF)) add(table[key as string] ?? `?${key}`, file)
  }
  return found
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('links to documents', () => {
  const hrefs = hrefsInUi()

  it('the scan finds the links of the footer and the login dialog', () => {
    expect(hrefs.get(DOCUMENT_NAMES.userAgreement)).toEqual(expect.arrayContaining(['ui/accounts/login-dialog.tsx', 'ui/shell/footer.tsx']))
  })

  it.each([...hrefs.entries()])('/terms/%s resolves (linked from %j)', async (name) => {
    const doc = await t.getOk(docs.documentByName, `/api/documents/${encodeURIComponent(name)}`)
    expect(doc.name).toBe(name)
  })

  it.each(Object.entries(DOCUMENT_NAMES))('the table\'s %s (%s) resolves', async (_, name) => {
    expect((await t.getOk(docs.documentByName, `/api/documents/${name}`)).name).toBe(name)
  })

  it('the seed holds exactly the table\'s documents, and every agreement names one of them', () => {
    expect(DOCUMENTS.map((d) => d.name).sort()).toEqual(Object.values(DOCUMENT_NAMES).sort())
    for (const a of AGREEMENTS) expect(Object.values(DOCUMENT_NAMES)).toContain(a.documentName)
  })
})
