import { z } from 'zod';
import { msg } from './messages';

export const loginSchema = z.object({
  identifier: z
    .string({ error: msg.identifierRequired })
    .trim()
    .min(1, msg.identifierRequired)
    .max(254)
    .refine((v) => !v.includes('@') || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), msg.emailInvalid),
  password: z
    .string({ error: msg.passwordRequired })
    .min(1, msg.passwordRequired)
    .min(6, msg.passwordTooShort)
    .max(200),
  /** 'Beni hatırla': the session cookie outlives the browser session only when asked. */
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export type RoleType = 'admin' | 'manager';
export interface PublicUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  blocked: boolean;
  role: { id: number; name: string; type: RoleType };
}
