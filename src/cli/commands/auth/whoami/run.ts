/**
 * `auth whoami`: creates a SelfSubjectReview (v1, else v1beta1, else v1alpha1 when the server does
 * not serve the newer version) and prints the user it reports.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { SelfSubjectReview } from '../../../../sdk/types/authentication.js';
import { toKubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { printerFor } from '../../../output/index.js';
import { formatUserInfo } from './format.js';

const VERSIONS = ['v1', 'v1beta1', 'v1alpha1'];

/** Runs `auth whoami`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const printer = await printerFor(flags, ctx.io, { human: false });
  const client = await ctx.client();
  const { isStatusError } = await import('../../../../sdk/errors.js');
  let review: SelfSubjectReview | undefined;
  for (const version of VERSIONS) {
    const apiVersion = `${GROUPS.authentication}/${version}`;
    try {
      review = await client.rest.json<SelfSubjectReview>({
        method: 'POST',
        path: `/apis/${apiVersion}/selfsubjectreviews`,
        body: { apiVersion, kind: 'SelfSubjectReview', metadata: { creationTimestamp: null }, status: { userInfo: {} } },
        signal: ctx.io.signal,
      });
      break;
    } catch (err) {
      if (isStatusError(err, 'NotFound') || isStatusError(err, 404)) continue;
      if (isStatusError(err, 'Forbidden') || isStatusError(err, 403)) {
        throw new UsageError('the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it', false);
      }
      throw err;
    }
  }
  if (review === undefined) {
    throw new UsageError(`the selfsubjectreviews API is not enabled in the cluster\nenable APISelfSubjectReview feature gate and ${GROUPS.authentication}/v1alpha1 or ${GROUPS.authentication}/v1beta1 API`, false);
  }
  if (printer === undefined) {
    ctx.io.stdout.write(formatUserInfo(review.status?.userInfo ?? {}));
    return;
  }
  ctx.io.stdout.write(printer.printObjects([toKubeObject(review)], true));
}
