/**
 * Signs service-account tokens with the server's key.
 */
import { loadJose } from '../jose.js';
import type { SigningKey } from './keys.js';

/** Signs claims into a compact JWS. */
export class TokenSigner {
  constructor(readonly key: SigningKey) {}

  async sign(claims: Record<string, unknown>): Promise<string> {
    const jose = await loadJose();
    return new jose.CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
      .setProtectedHeader({ alg: this.key.alg, kid: this.key.kid })
      .sign(this.key.privateKey);
  }
}
