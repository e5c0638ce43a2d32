import type { TestProject } from 'vitest/node';
import { ensurePostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAvailable: boolean;
  }
}

/** Under CI the PostgreSQL suite is required: no server means a failed run, not a skipped suite. */
export default async function setup(project: TestProject) {
  const available = await ensurePostgres();
  if (!available && process.env.CI) {
    throw new Error(
      'CI=true but PostgreSQL at 127.0.0.1:5432 is not reachable and could not be started',
    );
  }
  if (!available)
    console.warn('PostgreSQL not reachable: the PostgreSQL variants of suites are skipped');
  project.provide('postgresAvailable', available);
}
