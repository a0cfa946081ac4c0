import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { parseIndexHtml, staticImportsOf, homeClosure, listAssets, sizeOf } from './chunks.mjs'

const viteHtml = `<!doctype html>
<html lang="zh-CN">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Dx9.js">
    <link rel="modulepreload" crossorigin href="/assets/wouter-77.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Q1.css">
  </head>
  <body><div id="root"></div><script src="https://example.com/not-ours.js"></script></body>
</html>`

test('parseIndexHtml finds the module entry, the modulepreloads and the stylesheets, and nothing else', () => {
  const parsed = parseIndexHtml(viteHtml)
  assert.deepEqual(parsed.scripts, ['/assets/index-AbC123.js', 'https://example.com/not-ours.js'])
  assert.deepEqual(parsed.modulePreloads, ['/assets/react-Dx9.js', '/assets/wouter-77.js'])
  assert.deepEqual(parsed.stylesheets, ['/assets/index-Q1.css'])
})

test('parseIndexHtml accepts attributes in any order and single quotes', () => {
  const parsed = parseIndexHtml(`<link href='/a.css' rel='stylesheet'><script src='/b.js' type='module'></script><link crossorigin href="/c.js" rel="modulepreload">`)
  assert.deepEqual(parsed.stylesheets, ['/a.css'])
  assert.deepEqual(parsed.scripts, ['/b.js'])
  assert.deepEqual(parsed.modulePreloads, ['/c.js'])
})

test('staticImportsOf follows import/export-from statements of minified chunks', () => {
  const code = 'import{t as e,n as t}from"./react-Dx9.js";import"./side-1.js";export*from"./re-export.js";export{a as b}from\'./named.js\';import x from "../up.js";const s="from";'
  assert.deepEqual(staticImportsOf(code), ['./react-Dx9.js', './side-1.js', './re-export.js', './named.js', '../up.js'])
})

test('staticImportsOf ignores dynamic import() and bare specifiers', () => {
  const code = 'const l=()=>__vitePreload(()=>import("./lazy-page.js"),__vite__mapDeps([0,1]));import("./other.js");import {x} from "react";'
  assert.deepEqual(staticImportsOf(code), [])
})

async function fakeDist(files) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-dist-'))
  await mkdir(join(dir, 'assets'))
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content)
  return dir
}

test('homeClosure takes the entry, its modulepreloads, CSS and transitive static imports but no dynamic chunk', async (t) => {
  const dir = await fakeDist({
    'index.html': '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/vendor.js"><link rel="stylesheet" href="/assets/index.css">',
    'assets/index.js': 'import{a}from"./vendor.js";import"./shared.js";const p=()=>import("./lazy.js");',
    'assets/vendor.js': 'import"./deep.js";export const a=1;',
    'assets/shared.js': 'import"./index.js";export{};', // a cycle back to the entry
    'assets/deep.js': 'export{};',
    'assets/lazy.js': 'import"./lazy-dep.js";',
    'assets/lazy-dep.js': 'export{};',
    'assets/lazy.css': '.x{}',
    'assets/index.css': 'body{}',
  })
  t.after(() => rm(dir, { recursive: true, force: true }))
  const home = await homeClosure(dir)
  assert.deepEqual(home.map((f) => f.file).sort(), ['assets/deep.js', 'assets/index.css', 'assets/index.js', 'assets/shared.js', 'assets/vendor.js'])
  const entry = home.find((f) => f.file === 'assets/index.js')
  assert.equal(entry?.via, 'entry script')
  assert.equal(home.find((f) => f.file === 'assets/deep.js')?.via, 'import from assets/vendor.js')
  const all = await listAssets(dir)
  assert.deepEqual(all.sort(), ['assets/deep.js', 'assets/index.css', 'assets/index.js', 'assets/lazy-dep.js', 'assets/lazy.css', 'assets/lazy.js', 'assets/shared.js', 'assets/vendor.js'])
})

test('homeClosure reports a referenced file that is missing from dist instead of skipping it', async (t) => {
  const dir = await fakeDist({ 'index.html': '<script type="module" src="/assets/gone.js"></script>' })
  t.after(() => rm(dir, { recursive: true, force: true }))
  await assert.rejects(homeClosure(dir), /assets\/gone\.js/)
})

test('sizeOf gives the raw length and the length of a level-9 gzip that decompresses back', () => {
  const buf = Buffer.from('港美汇 '.repeat(500))
  const s = sizeOf(buf)
  assert.equal(s.raw, buf.length)
  assert.ok(s.gzip > 0 && s.gzip < s.raw)
  assert.deepEqual(gunzipSync(s.gzipped), buf)
})
