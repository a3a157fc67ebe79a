import { connectCustomDomainRoute } from './connect.ts';
import { getCustomDomainRoute } from './get.ts';
import { removeCustomDomainRoute } from './remove.ts';
import { verifyCustomDomainRoute } from './verify.ts';

/** /api/projects/{id}/custom-domain: the blog's address, connect, verify (DNS) and remove a custom domain. */
export const customDomainRoutes = [
  getCustomDomainRoute,
  connectCustomDomainRoute,
  verifyCustomDomainRoute,
  removeCustomDomainRoute,
];
