/**
 * What `top pod` and `top node` share: the metrics API's availability (the reads are the SDK's
 * `client.metrics`), `--sort-by` and `--use-protocol-buffers`.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { FlagSpec } from '../../framework/spec.js';
import { UsageError } from '../../framework/usage-error.js';

/** `--use-protocol-buffers`, accepted as kubectl accepts it (the commands do not read it). */
export const USE_PROTOCOL_BUFFERS_FLAG = { name: 'use-protocol-buffers', type: 'bool', default: true, description: 'Enables using protocol-buffers to access Metrics API.' } as const satisfies FlagSpec;

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
