import path from "node:path";
import { defineConfig } from "vitest/config";

// System tests: the production build as real processes (remix-serve, throwaway PostgreSQL clusters,
// nginx). `npm run test:system` builds first. Two files run at once: each starts its servers on ports
// and databases of its own (the ports are listed in docs/testing.md), so none meets another's.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    include: ["tests/system/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
