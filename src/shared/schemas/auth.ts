import { z } from 'zod';
import { safeText } from './safe-text.js';

/** GET /api/auth/user: the signed-in user; a 401 means signed out. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const PASSWORD_LIMITS = { min: 8, max: 1024 } as const;

/**
 * POST /api/login (local accounts), form-encoded or JSON. The password is not length-checked
 * beyond the upper bound here: a wrong one is simply wrong, and old accounts keep working.
 */
export const localSignInSchema = z.object({
  email: safeText({
    error: 'Please enter your e-mail address',
    label: 'E-mail address',
    trim: true,
  })
    .min(1, 'Please enter your e-mail address')
    .max(320, 'E-mail address is too long'),
  password: z
    .string({ message: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(PASSWORD_LIMITS.max, 'Password is too long'),
  returnTo: z.string().max(2048).optional(),
});
