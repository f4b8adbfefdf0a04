/** What `top pod` and `top node` share: the metrics API's availability (the reads are the SDK's `client.metrics`). */
import type { PlatformClient } from '../../../sdk/client.js';
import { UsageError } from '../../framework/usage-error.js';

/** Throws kubectl's error when the server does not serve `metrics.platform.io/v1beta1`. */
export async function requireMetricsApi(client: PlatformClient, signal: AbortSignal): Promise<void> {
  if (!(await client.metrics.available({ signal }))) throw new UsageError('Metrics API not available', false);
}

/** The `--sort-by` value, checked. */
export function sortByOf(value: string | undefined): '' | 'cpu' | 'memory' {
  const v = value ?? '';
  if (v !== '' && v !== 'cpu' && v !== 'memory') throw new UsageError('--sort-by accepts only cpu or memory', false);
  return v;
}
