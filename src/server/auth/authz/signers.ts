/**
 * The signer check of the certificate role rules: may a user `approve` or `sign` requests for a
 * signer? Asked of the configured authorizer on resource `signers` of `certificates.platform.io`,
 * first with the exact signer name, then with `<domain>/*`, as kube-apiserver does.
 */
import { GROUPS } from '../../../sdk/naming.js';
import type { AuthorizationAttributes, Authorizer } from '../authorizer.js';
import type { UserInfo } from '../../request/user.js';

/** The verbs of the signer rules. */
export type SignerVerb = 'approve' | 'sign';

function attrs(user: UserInfo, verb: SignerVerb, name: string): AuthorizationAttributes {
  return {
    user, verb, isResourceRequest: true, path: '', apiGroup: GROUPS.certificates, apiVersion: '*', resource: 'signers', subresource: '', namespace: '', name,
  };
}

/** True when `user` may `verb` requests of signer `signerName` (`<domain>/<path>`). */
export async function mayUseSigner(authorizer: Authorizer, user: UserInfo, verb: SignerVerb, signerName: string): Promise<boolean> {
  if ((await authorizer.authorize(attrs(user, verb, signerName))).decision === 'allow') return true;
  const slash = signerName.indexOf('/');
  if (slash <= 0) return false;
  return (await authorizer.authorize(attrs(user, verb, `${signerName.slice(0, slash)}/*`))).decision === 'allow';
}
