import { signIn } from './support/auth.ts';
import { test } from './support/test.ts';

// admin@example.com (ADMIN_EMAILS of the test server) is the one account several files sign in to. Made here, before
// the two workers start, its first sign-in (the user row, its Untitled Project) never happens twice at once.
test('the shared admin account exists', async ({ page }) => {
  await signIn(page, { email: 'admin@example.com', name: 'Admin User' });
});
