import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import wyw from '@wyw-in-js/vite'

// The API server for `npm run dev` (scripts/dev.mjs starts it on PORT_API).
const apiTarget = `http://127.0.0.1:${process.env.PORT_API ?? '8081'}`

export default defineConfig({
  plugins: [
    react(),
    // linaria: zero-runtime CSS extracted at build time
    wyw({
      include: ['ui/**/*.{ts,tsx}'],
      babelOptions: { presets: ['@babel/preset-typescript', ['@babel/preset-react', { runtime: 'automatic' }]] },
    }),
  ],
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(['/api', '/s/', '/covers', '/avatars', '/hq', '/quote', '/data', '/mapi', '/tapi', '/file', '/user/api', '/adapi'].map((p) => [p, apiTarget])),
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    sourcemap: false,
    // terser packs ~2 KB (gzip) tighter than the default minifier: the home page budget is 130 KB
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    reportCompressedSize: false,
  },
})
