import { type Policy, policyPermissionIds } from '@nebula/contracts';
import { AppError } from './errors.js';
import type { AuthUser } from './context.js';

/** True when `user` holds permission `id` of `type`; the `*` role holds every permission. */
export function holdsPermission(user: AuthUser, id: string, type = 'active'): boolean {
  if (user.roles.includes('*')) return true;
  return user.permissions[id]?.includes(type) ?? false;
}

/** Throws the right 401/403 when `user` may not call an endpoint with `policy`. */
export function enforcePolicy(policy: Policy, user: AuthUser | null): void {
  switch (policy.kind) {
    case 'public':
      return;
    case 'guest':
      if (user) throw AppError.forbidden('You are already signed in.');
      return;
    case 'user':
      if (!user) throw AppError.unauthenticated();
      return;
    case 'permission':
      if (!user) throw AppError.unauthenticated();
      if (!policyPermissionIds(policy).some((id) => holdsPermission(user, id, policy.type)))
        throw AppError.forbidden();
      return;
  }
}
