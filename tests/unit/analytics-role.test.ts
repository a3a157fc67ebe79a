import { describe, expect, it } from 'vitest';
import { analyticsRole } from '../../src/lib/analytics.ts';

describe('analytics role (spec workspace §6)', () => {
  it.each([
    [{ is_admin: true, is_superuser: true }, 'superuser'],
    [{ is_admin: false, is_superuser: true }, 'superuser'],
    [{ is_admin: true, is_superuser: false }, 'admin'],
    [{ is_admin: false, is_superuser: false }, 'user'],
  ])('%o is reported as %s', (user, role) => {
    expect(analyticsRole(user)).toBe(role);
  });
});
