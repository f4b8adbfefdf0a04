/**
 * `certificate approve` and `certificate deny`: append the decision condition (kubectl's reason
 * and message shape) and update the `approval` sub-resource, retrying on conflicts. A request that
 * already has the decision is left alone, or sent again unchanged with `--force`; one with the
 * opposite decision is refused, as kubectl refuses it. With `-o json|yaml|jsonpath|
 * go-template...` each request is printed as kubectl prints it: as read before the decision.
 */
import { PlatformError, StatusError } from '../../../../sdk/errors.js';
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from '../../../../sdk/types/certificates.js';
import { toKubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import { defineCommand } from '../../../framework/define-command.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { OBJECT_OUTPUT_FLAGS, printerFor } from '../../../output/index.js';
import { FILENAME_TO_UPDATE_FLAG, hasManifestInput, kustomizeFlag, readCommandManifests, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';
import { CSR_RESOURCE, csrRef } from './csr.js';

/** Which decision a command records. */
export type Decision = 'Approved' | 'Denied';

const WORDING: Record<Decision, { verb: string; reason: string; opposite: Decision; done: string }> = {
  Approved: { verb: 'approve', reason: 'PlatformctlApprove', opposite: 'Denied', done: 'approved' },
  Denied: { verb: 'deny', reason: 'PlatformctlDeny', opposite: 'Approved', done: 'denied' },
};

/** What approve and deny read: {@link decisionFlags}. */
export type DecisionFlags = FlagsOf<ReturnType<typeof decisionFlags>>;

/** Flags of approve and deny. */
export function decisionFlags(decision: Decision) {
  const w = WORDING[decision];
  type Output<N> = Extract<(typeof OBJECT_OUTPUT_FLAGS)[number], { name: N }>;
  const output = <N extends string>(name: N): Output<N>[] => OBJECT_OUTPUT_FLAGS.filter((f): f is Output<N> => f.name === name);
  return [
    ...output('allow-missing-template-keys'),
    FILENAME_TO_UPDATE_FLAG,
    kustomizeFlag(),
    { name: 'force', type: 'bool', default: false, description: `Update the CSR even if it is already ${w.done}${decision === 'Approved' ? ' (or denied)' : ' (or approved)'}.` },
    ...output('output'),
    RECURSIVE_FLAG,
    ...output('show-managed-fields'),
    ...output('template'),
  ] as const satisfies readonly FlagSpec[];
}

const MAX_CONFLICT_RETRIES = 10;

function hasCondition(csr: CertificateSigningRequest, type: string): boolean {
  return (csr.status?.conditions ?? []).some((c) => c.type === type);
}

async function names(ctx: CommandContext, args: string[], flags: DecisionFlags): Promise<string[]> {
  const fromFiles = hasManifestInput(flags);
  if (fromFiles && args.length > 0) throw new UsageError('must specify either NAME or -f, not both');
  if (!fromFiles && args.length === 0) throw new UsageError('one or more CSRs must be specified as <name> or -f <filename>');
  if (!fromFiles) return args;
  const manifests = await readCommandManifests(ctx, flags);
  return manifests.map((m) => m.object.metadata?.name ?? '');
}

/**
 * The spec of `certificate approve` or `certificate deny`, which differ in their decision and in
 * the paragraphs of their description after its first line.
 */
export function decisionCommand(decision: Decision, paragraphs: readonly string[]) {
  const { verb } = WORDING[decision];
  const title = `${verb.charAt(0).toUpperCase()}${verb.slice(1)}`;
  return defineCommand({
    name: verb,
    usage: '(-f FILENAME | NAME)',
    summary: `${title} a certificate signing request`,
    description: [`${title} a certificate signing request.`, ...paragraphs.flatMap((p) => ['', p])].join('\n'),
    examples: [{ description: `${title} CSR 'csr-sqgzp'`, command: `${BINARY_NAME} certificate ${verb} csr-sqgzp` }],
    flags: decisionFlags(decision),
    args: 'none',
    load: async () => (ctx: CommandContext, args: string[], flags: DecisionFlags) => runDecision(ctx, args, flags, decision),
  });
}

/** Runs `certificate approve|deny`. */
export async function runDecision(ctx: CommandContext, args: string[], flags: DecisionFlags, decision: Decision): Promise<void> {
  const w = WORDING[decision];
  const printer = await printerFor(flags, ctx.io, { human: false });
  const force = flags.bool('force');
  const list = await names(ctx, args, flags);
  const client = (await ctx.client()).resource<CertificateSigningRequest>(CSR_RESOURCE);
  for (const name of list) {
    // kubectl prints the request as it last read it, before the decision.
    let csr = await client.get(name, { signal: ctx.io.signal });
    for (let attempt = 0; ; attempt++) {
      // kubectl's addConditionIfNeeded: the opposite decision is an error, --force or not (the
      // server refuses to change a decision); the same decision is sent again, unchanged, only
      // with --force.
      const opposite = (csr.status?.conditions ?? []).find((c) => c.type === w.opposite);
      if (opposite !== undefined) throw new PlatformError(`certificate signing request ${JSON.stringify(name)} is already ${opposite.type}`);
      const decided = hasCondition(csr, decision);
      if (decided && !force) break;
      const condition: CertificateSigningRequestCondition = {
        type: decision, status: 'True', reason: w.reason, message: `This CSR was ${w.done} by ${BINARY_NAME} certificate ${w.verb}.`,
        lastUpdateTime: new Date(ctx.io.now().getTime()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      };
      const next: CertificateSigningRequest = decided ? csr : { ...csr, status: { ...csr.status, conditions: [...(csr.status?.conditions ?? []), condition] } };
      try {
        await client.update(next, { subresource: 'approval', signal: ctx.io.signal });
        break;
      } catch (err) {
        if (err instanceof StatusError && err.code === 409 && attempt < MAX_CONFLICT_RETRIES) {
          csr = await client.get(name, { signal: ctx.io.signal });
          continue;
        }
        throw err;
      }
    }
    if (printer === undefined) ctx.io.stdout.write(`${csrRef(name)} ${w.done}\n`);
    else if (printer.format === 'name') ctx.io.stdout.write(`${csrRef(name)}\n`);
    else ctx.io.stdout.write(printer.printStreamed(toKubeObject(csr)));
  }
}
