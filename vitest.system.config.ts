import path from "node:path";
import { defineConfig } from "vitest/config";

// System tests: the production build as real processes (remix-serve, throwaway PostgreSQL clusters,
// nginx). `npm run test:system` builds first. Files run one after another: they start servers.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    include: ["tests/system/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
