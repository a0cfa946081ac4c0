import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import wyw from '@wyw-in-js/vite'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) next to every compressible built file of 1 KB
 * or more; server/http/static.ts sends them by Accept-Encoding. A dozen lines of node:zlib instead
 * of a compression plugin: vite-plugin-compression2 declares no Vite peer range (Vite 8 bundles
 * with Rolldown), and zlib does all the work either way.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/
  const br = promisify(brotliCompress)
  const gz = promisify(gzip)
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? 'dist'
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f)).map((f) => join(outDir, f))
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file)
          if (raw.byteLength < 1024) return
          await writeFile(`${file}.br`, await br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } }))
          await writeFile(`${file}.gz`, await gz(raw, { level: 9 }))
        }),
      )
    },
  }
}

// The API server for `npm run dev` (scripts/dev.mjs starts it on PORT_API).
const apiTarget = `http://127.0.0.1:${process.env.PORT_API ?? '8081'}`

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // linaria: zero-runtime CSS extracted at build time
    wyw({
      include: ['ui/**/*.{ts,tsx}'],
      babelOptions: { presets: ['@babel/preset-typescript', ['@babel/preset-react', { runtime: 'automatic' }]] },
    }),
    // the server renderer's files are read from disk by the server, never sent
    ...(isSsrBuild ? [] : [precompress()]),
  ],
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(['/api', '/s/', '/covers', '/avatars', '/hq', '/quote', '/data', '/mapi', '/tapi', '/file', '/user/api', '/adapi'].map((p) => [p, apiTarget])),
  },
  build: {
    // every browser we serve supports <link rel=modulepreload>: the polyfill is bytes for nobody
    modulePreload: { polyfill: false },
    target: 'es2022',
    outDir: 'dist',
    sourcemap: false,
    // terser packs ~2 KB (gzip) tighter than the default minifier: the home page budget is 130 KB
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    reportCompressedSize: false,
  },
  ...(isSsrBuild
    ? {
        // The server renderer (ui/server-entry.tsx → <dist>/server/): not minified (nobody downloads it;
        // terser took ~20 s of a CI build), and bundled whole with React's production build. Left
        // external, react-dom/server picks its development build at run time whenever NODE_ENV is not
        // 'production', which is the local mode `npm start` and every journey serve in (server/mode.ts):
        // development React renders several times slower. Bundled whole, so the packages that import
        // React share the one copy.
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
}))
