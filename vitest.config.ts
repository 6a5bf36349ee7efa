import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,projections,services,test}/**/*.test.ts', 'web-admin/src/**/*.test.ts'],
    // The web app built once, before any browser test opens it (only when its sources changed).
    globalSetup: ['test/browser/global-setup.ts'],
    // The kobalab corpus tests read 50,000 hands; give them room on a 2-core machine.
    testTimeout: 60_000,
  },
});
