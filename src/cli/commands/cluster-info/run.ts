import { BINARY_NAME, LABELS, NAMESPACES } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { useColor } from '../../io/io.js';
import { requestError } from '../api-resources/discovery-errors.js';
import { serviceLine } from './print-service.js';
import { serviceDisplayName, serviceLink } from './service-links.js';

/**
 * `platformctl cluster-info`: the control plane's address, then every service labelled
 * `platform.io/cluster-service=true` in the namespace of `-n` (`platform-system` by default; the
 * context's namespace does not count, as in kubectl), and the pointer to `cluster-info dump`.
 */
export async function run(ctx: CommandContext, _args: string[], _flags: Flags): Promise<void> {
  const config = await ctx.clientConfig();
  const client = await ctx.client();
  const namespace = ctx.globals.namespace ?? NAMESPACES.system;
  const color = useColor(ctx.io, ctx.io.stdout);
  const out = ctx.io.stdout;
  const closing = `\nTo further debug and diagnose cluster problems, use '${BINARY_NAME} cluster-info dump'.\n`;
  const services = await client.services(namespace).list({ labelSelector: `${LABELS.clusterService}=true`, signal: ctx.io.signal }).catch((err: unknown) => {
    // kubectl writes the closing line whatever happened, before the error.
    out.write(closing);
    throw requestError(err);
  });
  out.write(serviceLine('Platform control plane', config.server, color));
  for (const service of services.items) out.write(serviceLine(serviceDisplayName(service), serviceLink(service, config.server), color));
  out.write(closing);
}
