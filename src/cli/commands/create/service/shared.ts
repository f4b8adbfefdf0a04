/**
 * What the four `create service` generators share: `--tcp` port pairs, the Service kubectl builds
 * (labelled and selected by `app=NAME`), and kubectl's checks.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { ChangedReader, FlagReader } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator, type GeneratorFlag } from '../../../resource-builders/generated.js';
import { isDNS1123Subdomain } from '../../../../machinery/validation/names.js';
import { portNameProblems, portNumberProblems } from '../../../../machinery/validation/ports.js';
import { nonEmpty, type Struct, struct, typedObject } from '../../../resource-builders/typed.js';

const SERVICES = { group: '', version: 'v1', resource: 'services', namespaced: true, kind: 'Service' } as const;

/** `--tcp`. */
export const TCP_FLAG = { name: 'tcp', type: 'stringSlice', default: [], description: "Port pairs can be specified as '<port>:<targetPort>'." } as const satisfies FlagSpec;

/** A Service type. */
export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

/** Go's `strconv.ParseUint(s, 10, 16)` with its errors. */
function parseUint16(text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`, false);
  const value = Number(text);
  if (value > 65535) throw new UsageError(`strconv.ParseUint: parsing ${JSON.stringify(text)}: value out of range`, false);
  return value;
}

/** Go's `strconv.Atoi` (an int64), or undefined when the text is not a number. */
function atoi(text: string): number | undefined {
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

/** kubectl's `parsePorts`: `port` or `port:targetPort` (a number or a port name). */
function parsePorts(spec: string): { port: number; targetPort: number | string } {
  const parts = spec.split(':');
  const port = parseUint16(parts[0] ?? '');
  if (parts.length === 1) return { port, targetPort: port };
  const target = parts[1] ?? '';
  const number = atoi(target);
  if (number === undefined) {
    const errs = portNameProblems(target);
    if (errs.length > 0) throw new UsageError(errs.join(','), false);
    return { port, targetPort: target };
  }
  const errs = portNumberProblems(number);
  if (errs.length > 0) throw new UsageError(errs.join(','), false);
  return { port, targetPort: number };
}

/** The settings of one generator. */
export interface ServiceSettings {
  type: ServiceType;
  clusterIP?: string;
  nodePort?: number;
  externalName?: string;
}

/** Runs a `create service <type>` generator. */
export async function runServiceGenerator<const N extends string = never>(
  ctx: CommandContext, args: string[], flags: FlagReader<GeneratorFlag | typeof TCP_FLAG> & ChangedReader<N>, settings: ServiceSettings, required: readonly N[] = [],
): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags, required);
  const { name, enforcedNamespace } = invocation;
  const { type } = settings;
  const clusterIP = settings.clusterIP ?? '';
  const tcp = flags.strings('tcp');
  if (clusterIP === 'None' && type !== 'ClusterIP') throw new UsageError('ClusterIP=None can only be used with ClusterIP service type', false);
  if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName') throw new UsageError('at least one tcp port specifier must be provided', false);
  const externalName = settings.externalName ?? '';
  if (type === 'ExternalName' && isDNS1123Subdomain(externalName).length > 0) throw new UsageError(`invalid service external name ${externalName}`, false);
  const ports: Struct[] = tcp.map((spec) => {
    const { port, targetPort } = parsePorts(spec);
    return struct({ name: nonEmpty(spec.replaceAll(':', '-')), protocol: 'TCP', port, targetPort, nodePort: settings.nodePort === 0 ? undefined : settings.nodePort });
  });
  const labels = { app: name };
  await sendGenerated(ctx, flags, invocation, {
    descriptor: SERVICES,
    failurePrefix: `failed to create ${type} service: `,
    // kubectl's service generators never read --save-config.
    saveConfig: false,
    object: typedObject(SERVICES, { name, namespace: enforcedNamespace, labels }, {
      spec: struct({ ports: nonEmpty(ports), selector: labels, clusterIP: nonEmpty(clusterIP), type, externalName: nonEmpty(externalName) }),
      status: { loadBalancer: {} },
    }),
  });
}
