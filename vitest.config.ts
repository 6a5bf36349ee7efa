import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,projections,services,test}/**/*.test.ts'],
    // The kobalab corpus tests read 50,000 hands; give them room on a 2-core machine.
    testTimeout: 60_000,
  },
});
