import { defaultClientConditions, defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// Everything the appliance service serves besides the console itself.
const SERVICE = 'http://127.0.0.1:8080';
const PROXIED = ['/api', '/static', '/upload', '/xlive', '/media'];

// What every route needs (/login included): one chunk, so that nothing of antd's gets pulled in beside it.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[^/]+|i18next|react-i18next|use-sync-external-store)\//;
// antd's runtime and what its App, Modal, Layout, Menu, Dropdown, Segmented, Result and Card need: every route
// but /login loads it. Left to Rollup it is ~30 small files, fetched only after the entry has run (a cold
// /main took ~60 ms longer than with one file).
const ANTD_CORE = new RegExp(
  `/node_modules/(${[
    '@ant-design/(cssinjs|cssinjs-utils|colors|fast-color|icons|icons-svg)/',
    '@rc-component/(util|motion|resize-observer|portal|trigger|menu|overflow|dropdown|tooltip|segmented)/',
    '@babel/runtime/',
    '@emotion/',
    'stylis/',
    'clsx/',
    'antd/es/(_util|config-provider|theme|style|locale|app|message|modal|layout|menu|button|typography|spin|tooltip|dropdown|segmented|result|card|space|flex|watermark|form/context|grid)/',
  ].join('|')})`,
);

/**
 * The page's CSP has no 'unsafe-eval'. mpegts.js carries the old globalThis fallback `new Function("return this")()`
 * (never reached in a browser with globalThis, but it is code built from a string): it becomes `globalThis`.
 */
const noFunctionFromString: PluginOption = {
  name: 'roomcast-no-function-from-string',
  renderChunk(code) {
    const FALLBACK = /new Function\((["'])return this\1\)\(\)/g;
    return FALLBACK.test(code) ? { code: code.replace(FALLBACK, 'globalThis'), map: null } : null;
  },
};

export default defineConfig({
  // The plugin's types come from the hoisted vite (vitest's newer major); at run time it drives this vite.
  plugins: [react() as unknown as PluginOption, noFunctionFromString],
  resolve: {
    // 'source' first: @roomcast/contract resolves to its TypeScript sources, no contract build needed in dev.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    // /xlive also carries the live room's WebSocket stream.
    proxy: Object.fromEntries(PROXIED.map((prefix) => [prefix, { target: SERVICE, changeOrigin: false, ws: prefix === '/xlive' }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each page needs (bench/console.mjs sizes the routes from it).
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // The contract's modules only declare things: those the console never uses (call schemas, settings
      // registry, OpenAPI) are left out.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contract/') },
      onwarn(warning, warn) {
        // zod's sources carry /*@__PURE__*/ comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      output: {
        // Rollup splits along the lazy pages, so a page loads only the antd parts it uses. A language other
        // than English is fetched when chosen: its messages as one chunk rather than one per namespace.
        manualChunks(id) {
          const lang = /\/src\/locales\/(\w+)\/[^/]+\.json$/.exec(id)?.[1];
          if (lang) return lang !== 'en_US' ? `locale-${lang}` : undefined;
          if (FRAMEWORK.test(id)) return 'framework';
          return ANTD_CORE.test(id) ? 'antd-core' : undefined;
        },
      },
    },
  },
});
