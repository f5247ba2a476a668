import { defineConfig } from 'vite';

// The server (`quartel serve`) answers /api and /ws; `npm run dev` proxies them to it, so the
// client can be worked on with hot reload against a running server (QUARTEL_SERVER to change it).
const server = process.env.QUARTEL_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: process.env.QUARTEL_WEB_OUT ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
