import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '#server/http/http-error.js';
import { getUser } from './current-user.js';

/** onRequest guard: 401 `{ message: 'Unauthorized' }` unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await getUser(request))) throw unauthorized();
}

/** onRequest guard: 401 signed out, 403 signed in without isAdmin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await getUser(request);
  if (!user) throw unauthorized();
  if (!user.isAdmin) throw forbidden('Admin access required');
}
