import { defineConfig } from "prisma/config";

// The datasource URL is only needed by commands that talk to a database; `prisma
// generate` (run at install) must work with DATABASE_URL unset.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
