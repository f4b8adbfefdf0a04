import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mayUseSigner } from '../../../../src/server/auth/authz/index.js';
import type { AuthorizationAttributes, AuthorizationDecision } from '../../../../src/server/index.js';
import { user } from './support.js';

describe('the signer check of the certificate role rules', () => {
  function recording(allowed: string[]): { asked: string[]; authorize(a: AuthorizationAttributes): AuthorizationDecision } {
    const asked: string[] = [];
    return {
      asked,
      authorize(a) {
        asked.push(`${a.verb} ${a.apiGroup}/${a.resource} ${a.name}`);
        return allowed.includes(`${a.verb} ${a.name}`) ? { decision: 'allow' } : { decision: 'no-opinion' };
      },
    };
  }

  test('the exact signer name first, then <domain>/*', async () => {
    const exact = recording(['approve platform.io/apiserver-client']);
    assert.equal(await mayUseSigner(exact, user('u'), 'approve', 'platform.io/apiserver-client'), true);
    assert.deepEqual(exact.asked, ['approve certificates.platform.io/signers platform.io/apiserver-client']);
    const wildcard = recording(['sign example.com/*']);
    assert.equal(await mayUseSigner(wildcard, user('u'), 'sign', 'example.com/my-signer'), true);
    assert.deepEqual(wildcard.asked, ['sign certificates.platform.io/signers example.com/my-signer', 'sign certificates.platform.io/signers example.com/*']);
  });

  test('other verbs, domains and names are refused', async () => {
    const a = recording(['approve example.com/*']);
    assert.equal(await mayUseSigner(a, user('u'), 'sign', 'example.com/x'), false);
    assert.equal(await mayUseSigner(a, user('u'), 'approve', 'other.com/x'), false);
    assert.equal(await mayUseSigner(a, user('u'), 'approve', 'no-domain'), false);
  });
});
