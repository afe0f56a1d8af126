/**
 * Runs once per Vitest run, before any test file: prepares one migrated database that every
 * integration test file starts from, instead of each file creating and migrating its own.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "~/platform/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory (dumpDataDir). */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server that `create database … template` copies. */
    postgresTemplate: string;
  }
}

const MIGRATIONS = path.resolve("drizzle");

/** Changes whenever a migration or the PGlite version does, so a stale template is never used. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")) as {
    version: string;
  };
  hash.update(pglite.version);
  for (const file of readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/** PGlite: initdb and migrations once (about 5 s); each file then loads the tar (about 1.5 s). */
async function preparePglite(project: TestProject) {
  const dir = path.resolve("tests/.tmp");
  const file = path.join(dir, `pglite-migrated-${migrationsKey()}.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const client = new PGlite("memory://");
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const dump = await client.dumpDataDir("none");
    await client.close();
    // Written under another name first: a run that stops half-way never leaves a broken template.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide("pgliteTemplate", file);
}

/** PostgreSQL: one migrated database per run; `create database … template` copies it per file. */
async function preparePostgres(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("The postgres project needs TEST_DATABASE_URL");
  const name = `sgw_template_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrateDatabase({ url: url.toString() });
  project.provide("postgresTemplate", name);
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}

/** Vitest calls this once per project: each prepares the database its files start from. */
export default function setup(project: TestProject) {
  return project.name === "postgres" ? preparePostgres(project) : preparePglite(project);
}
