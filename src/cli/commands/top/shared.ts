/** What `top pod` and `top node` share: the metrics API's availability and its resources. */
import type { PlatformClient } from '../../../sdk/client.js';
import { DOMAIN } from '../../../sdk/naming.js';
import { UsageError } from '../../framework/usage-error.js';

/** The metrics API group (`metrics.k8s.io` upstream). */
export const METRICS_GROUP = `metrics.${DOMAIN}`;

/** Throws kubectl's error when the server does not serve `metrics.platform.io/v1beta1`. */
export async function requireMetricsApi(client: PlatformClient, signal: AbortSignal): Promise<void> {
  const groups = await client.rest.json<{ groups?: { name?: string; versions?: { version?: string }[] }[] }>({ method: 'GET', path: '/apis', signal });
  const metrics = (groups.groups ?? []).find((g) => g.name === METRICS_GROUP);
  if (metrics === undefined || !(metrics.versions ?? []).some((v) => v.version === 'v1beta1')) throw new UsageError('Metrics API not available', false);
}

/** The `--sort-by` value, checked. */
export function sortByOf(value: string | undefined): '' | 'cpu' | 'memory' {
  const v = value ?? '';
  if (v !== '' && v !== 'cpu' && v !== 'memory') throw new UsageError('--sort-by accepts only cpu or memory', false);
  return v;
}
