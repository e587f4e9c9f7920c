import { defaultClientConditions, defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// Everything the appliance service serves besides the console itself.
const SERVICE = 'http://127.0.0.1:8080';
const PROXIED = ['/api', '/static', '/upload', '/xlive', '/media'];

export default defineConfig({
  // The plugin's types come from the hoisted vite (vitest's newer major); at run time it drives this vite.
  plugins: [react() as unknown as PluginOption],
  resolve: {
    // 'source' first: @roomcast/contract resolves to its TypeScript sources, no contract build needed in dev.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(PROXIED.map((prefix) => [prefix, { target: SERVICE, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry /*@__PURE__*/ comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the console: their own chunks stay cached across updates.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'vendor-react';
          if (/\/node_modules\/(antd|@ant-design|@rc-component|rc-[\w-]+|dayjs)\//.test(id)) return 'vendor-antd';
          return 'vendor';
        },
      },
    },
  },
});
