import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table: the platform's own, and each domain's in its tables.ts (a new domain's included).
  schema: ['./src/server/platform/db/tables.ts', './src/server/domains/*/tables.ts'],
  out: './src/server/platform/db/migrations',
});
