/** drizzle-kit configuration: `npm run db:generate` writes SQL migrations used by PGlite and PostgreSQL alike. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
