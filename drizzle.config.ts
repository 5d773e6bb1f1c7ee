import { defineConfig } from 'drizzle-kit';

/** Generates SQL migrations from the schema: `npm run db:generate`. Applied at start by src/server/xs-api/db/migrate.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/xs-api/db/schema/index.ts',
  out: './src/server/xs-api/db/migrations',
});
