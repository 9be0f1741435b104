import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: '/work/main/apps/server', include: ['src/modules/deals/**/*.test.ts'], environment: 'node', testTimeout: 60000 } });
