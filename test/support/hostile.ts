/**
 * Hostile inputs shared by the hardening tests (generated here, so no attack file is committed).
 */

/** A 578-byte manifest whose last list expands to 9^9 (387 million) strings. */
export function billionLaughsManifest(): string {
  const levels = 'abcdefghi'.split('');
  const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: laughs', 'data:', '  lol: lol', 'x:'];
  lines.push(`  ${levels[0]}: &${levels[0]} ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`);
  for (let i = 1; i < levels.length; i++) {
    const prev = levels[i - 1] as string;
    lines.push(`  ${levels[i] as string}: &${levels[i] as string} [${Array.from({ length: 9 }, () => `*${prev}`).join(',')}]`);
  }
  const body = `${lines.join('\n')}\n`;
  // Padded with a comment to the size of the reported attack file.
  return `${body}${'# billion laughs'.padEnd(578 - body.length - 1, ' lol')}\n`;
}

/** The same bomb in a kubeconfig's extensions. */
export function billionLaughsConfig(): string {
  return billionLaughsManifest().replace('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: laughs\ndata:\n  lol: lol\nx:', 'apiVersion: v1\nkind: Config\nclusters: []\nextensions-bomb:');
}
