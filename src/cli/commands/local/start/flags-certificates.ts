/**
 * The certificate flags of `platformctl local start` (kube-controller-manager's
 * `--cluster-signing-duration` and the certificate controllers of `--controllers`), their mapping
 * to the server's CertificatesOptions, and their forwarding to the background server process.
 */
import type { FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { UsageError } from '../../../framework/usage-error.js';
import type { CertificatesOptions } from '../../../../server/certificates/options.js';
import { forwardedArgs } from './forward-flags.js';

/** The controllers `--controllers` can name here, and whether they are on for `*`. */
const CONTROLLERS: Readonly<Record<string, boolean>> = { csrsigning: true, csrapproving: true, csrcleaner: true, bootstrapsigner: false };

/** The certificate flags. */
export const certificatesFlags = [
  { name: 'cluster-signing-duration', type: 'duration', default: '8760h0m0s', description: 'The max length of duration signed certificates will be given. Individual CSRs may request shorter certs by setting spec.expirationSeconds.' },
  {
    name: 'controllers', type: 'stringSlice', default: ['*'],
    description: "A list of certificate controllers to enable. '*' enables all on-by-default controllers, 'foo' enables the controller named 'foo', '-foo' disables the controller named 'foo'.\nAll controllers: bootstrapsigner, csrapproving, csrcleaner, csrsigning\nDisabled-by-default controllers: bootstrapsigner",
    complete: { kind: 'values', values: ['*', ...Object.keys(CONTROLLERS), ...Object.keys(CONTROLLERS).map((c) => `-${c}`)] },
  },
] as const satisfies readonly FlagSpec[];

/** Which controllers the list enables. */
export function enabledControllers(list: readonly string[]): Record<string, boolean> {
  const star = list.includes('*');
  const out: Record<string, boolean> = {};
  for (const [name, byDefault] of Object.entries(CONTROLLERS)) out[name] = list.includes(name) || (star && byDefault && !list.includes(`-${name}`));
  for (const item of list) {
    const name = item.startsWith('-') ? item.slice(1) : item;
    if (item !== '*' && CONTROLLERS[name] === undefined) throw new UsageError(`"${name}" is not in the list of known controllers`);
  }
  return out;
}

/** The server's certificate options from the flags. */
export function certificatesOptionsFromFlags(flags: FlagsOf<typeof certificatesFlags>): CertificatesOptions {
  const duration = flags.durationMs('cluster-signing-duration') ?? 0;
  if (duration <= 0) throw new UsageError('--cluster-signing-duration must be positive');
  const on = enabledControllers(flags.strings('controllers'));
  return {
    signingDurationMs: duration, signer: on.csrsigning === true, autoApprove: on.csrapproving === true, cleaner: on.csrcleaner === true, bootstrapSigner: on.bootstrapsigner === true,
  };
}

/** The flags to pass on to the background server. */
export function certificatesArgs(flags: FlagsOf<typeof certificatesFlags>): string[] {
  // No flag here names a file, which `cwd` would resolve.
  return forwardedArgs(flags, certificatesFlags, '');
}
