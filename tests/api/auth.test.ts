import { describe, expect, it } from 'vitest';
import { call, signInUser, testApp } from './helpers.ts';

describe('authentication', () => {
  const app = testApp({ ADMIN_EMAILS: 'boss@example.com', SUPERUSER_EMAILS: 'root@example.com' });

  it('answers 401 with a detail and request id when there is no token', async () => {
    const response = await call(app, 'GET', '/api/users/me/');

    expect(response.status).toBe(401);
    expect(response.body.detail).toBe('Not authenticated.');
    expect(response.body.request_id).toEqual(expect.any(String));
  });

  it('marks every JSON answer nosniff, successes and errors alike', async () => {
    const health = await call(app, 'GET', '/api/health');
    const denied = await call(app, 'GET', '/api/users/me/');

    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(denied.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 401 for a malformed token', async () => {
    const response = await call(app, 'GET', '/api/users/me/', { token: 'not-a-jwt' });

    expect(response.status).toBe(401);
    expect(response.body.detail).toBe('Invalid or expired token.');
  });

  it('creates the user from the token on first call, with the spec fields', async () => {
    const user = await signInUser({ name: 'Ada Lovelace', picture: 'https://example.com/ada.png' });

    const response = await call(app, 'GET', '/api/users/me/', { token: user.token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(String),
      email: user.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_admin: false,
      is_superuser: false,
      avatar_url: 'https://example.com/ada.png',
      external_id: user.uid,
    });
  });

  it('reaches the same handler with and without the trailing slash', async () => {
    const user = await signInUser();

    const withSlash = await call(app, 'GET', '/api/users/me/', { token: user.token });
    const without = await call(app, 'GET', '/api/users/me', { token: user.token });

    expect(without.status).toBe(200);
    expect(without.body.id).toBe(withSlash.body.id);
  });

  it('grants admin and superuser flags from configuration', async () => {
    const admin = await signInUser({ email: 'boss@example.com' });
    const root = await signInUser({ email: 'root@example.com' });

    const adminMe = await call(app, 'GET', '/api/users/me', { token: admin.token });
    const rootMe = await call(app, 'GET', '/api/users/me', { token: root.token });

    expect(adminMe.body).toMatchObject({ is_admin: true, is_superuser: false });
    expect(rootMe.body).toMatchObject({ is_admin: true, is_superuser: true });
  });

  it('refuses the old token after logout', async () => {
    const user = await signInUser();
    await call(app, 'GET', '/api/users/me', { token: user.token });
    await new Promise((done) => setTimeout(done, 1100)); // auth_time has one-second resolution

    const logout = await call(app, 'POST', '/api/users/logout', { token: user.token });
    const after = await call(app, 'GET', '/api/users/me', { token: user.token });

    expect(logout.status).toBe(200);
    expect(after.status).toBe(401);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const user = await signInUser();

    const response = await call(app, 'GET', '/api/nothing-here', { token: user.token });

    expect(response.status).toBe(404);
    expect(response.body.detail).toBe('Not found.');
  });
});
