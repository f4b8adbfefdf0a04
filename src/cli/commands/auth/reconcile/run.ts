/**
 * `auth reconcile -f`: makes the cluster's roles grant at least (with --remove-extra-permissions,
 * exactly) the rules of the manifests' roles, and its bindings bind at least (exactly, with
 * --remove-extra-subjects) their subjects, creating what is missing (and the namespace of a
 * namespaced object) and recreating bindings whose role reference changed. Objects annotated
 * `rbac.authorization.platform.io/autoupdate: "false"` are reported but left alone; other kinds
 * are skipped. Prints each object as kubectl does, and what had to change on stderr.
 */
import type { PlatformClient } from '../../../../sdk/client.js';
import { StatusError } from '../../../../sdk/errors.js';
import { ANNOTATIONS, GROUPS } from '../../../../sdk/naming.js';
import type { ReconcileOperation } from '../../../../sdk/rbac/reconcile.js';
import type { ResourceClient } from '../../../../sdk/rest/resource-client.js';
import { asKind, toKubeObject, type KubeObject, type ObjectBase } from '../../../../sdk/types/meta.js';
import type { ClusterRole, RoleBinding } from '../../../../sdk/types/rbac.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { dryRunMode } from '../../../writes/dry-run.js';
import { throwFailures } from '../../../writes/error-list.js';
import { hasManifestInput, readCommandManifests } from '../../../manifests/manifest-flags.js';
import { objectOutput, type ObjectOutput } from '../../../writes/object-output.js';
import { formatRule, formatSubject, typedRbacObject } from './typed-rbac.js';

const RBAC_KINDS: Readonly<Record<string, { resource: string; namespaced: boolean }>> = {
  Role: { resource: 'roles', namespaced: true },
  ClusterRole: { resource: 'clusterroles', namespaced: false },
  RoleBinding: { resource: 'rolebindings', namespaced: true },
  ClusterRoleBinding: { resource: 'clusterrolebindings', namespaced: false },
};

/** How many times a reconcile is retried when the object appears or disappears meanwhile (kubectl's). */
const MAX_ROLE_ATTEMPTS = 3;
const MAX_BINDING_ATTEMPTS = 4;

interface Settings {
  client: PlatformClient;
  dryRun: boolean;
  removeExtraPermissions: boolean;
  removeExtraSubjects: boolean;
  signal: AbortSignal;
}

const isStatus = (err: unknown, code: number): boolean => err instanceof StatusError && err.code === code;

async function getLive<T extends ObjectBase>(rc: ResourceClient, name: string, kind: string, signal: AbortSignal): Promise<T | undefined> {
  try {
    return asKind<T>(await rc.get(name, { signal }), kind);
  } catch (err) {
    if (isStatus(err, 404)) return undefined;
    throw err;
  }
}

/** component-helpers' `tryEnsureNamespace`: creates a missing namespace; not being allowed to look is not an error. */
async function ensureNamespace(client: PlatformClient, namespace: string, signal: AbortSignal): Promise<void> {
  const namespaces = client.resource({ group: '', version: 'v1', resource: 'namespaces', namespaced: false, kind: 'Namespace' });
  try {
    await namespaces.get(namespace, { signal });
    return;
  } catch (err) {
    if (!isStatus(err, 404) && !isStatus(err, 403)) throw err;
  }
  try {
    await namespaces.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, { signal });
  } catch (err) {
    if (!isStatus(err, 409) && !isStatus(err, 403)) throw err;
  }
}

/**
 * component-helpers' reconcile loop of a role or a binding: reconcile the expected object with the
 * live one and write the result (deleting the live binding first when its role reference changed,
 * creating the namespace of a new namespaced object); start again when the object appeared or went
 * away since it was read. Returns the result and the object as written.
 */
async function reconcileLoop<T extends ObjectBase, R extends { operation: ReconcileOperation; protected: boolean }>(
  s: Settings, rc: ResourceClient, name: string, kind: string, namespace: string | undefined, attempts: number,
  reconcile: (live: T | undefined) => R, objectOf: (result: R) => T,
): Promise<[R, T]> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const live = await getLive<T>(rc, name, kind, s.signal);
    const result = reconcile(live);
    const object = objectOf(result);
    if (result.protected || s.dryRun || result.operation === 'none') return [result, object];
    try {
      if (result.operation === 'recreate' && live !== undefined) {
        try {
          const uid = live.metadata?.uid;
          await rc.delete(live.metadata?.name ?? '', { signal: s.signal, ...(uid === undefined ? {} : { preconditions: { uid } }) });
        } catch (err) {
          // Deleted already is what was wanted; a UID conflict means another binding is there now.
          if (isStatus(err, 409)) continue;
          if (!isStatus(err, 404)) throw err;
        }
      }
      if (result.operation === 'update') return [result, asKind<T>(await rc.update(toKubeObject(object), { signal: s.signal }), kind) ?? object];
      if (namespace !== undefined) await ensureNamespace(s.client, namespace, s.signal);
      return [result, asKind<T>(await rc.create(toKubeObject(object), { signal: s.signal }), kind) ?? object];
    } catch (err) {
      // Created or deleted by someone else since it was read: start again.
      if ((result.operation !== 'update' && isStatus(err, 409) && (err as StatusError).reason === 'AlreadyExists') || (result.operation === 'update' && isStatus(err, 404))) continue;
      throw err;
    }
  }
  throw new Error('exceeded maximum attempts');
}

/** kubectl's `printResults`: the object on stdout, what reconciliation needed on stderr. */
function printResult(ctx: CommandContext, output: ObjectOutput, s: Settings, object: KubeObject, notes: { operation: string; protected: boolean; missingSubjects?: RoleBinding['subjects']; extraSubjects?: RoleBinding['subjects']; missingRules?: ClusterRole['rules']; extraRules?: ClusterRole['rules'] }, describe: (o: KubeObject) => string): void {
  const typed = typedRbacObject(object);
  if (output.printsObjects) output.printOne(typed);
  else ctx.io.stdout.write(output.resultLine(describe(typed), `reconciled${s.dryRun ? ' (dry run)' : ''}`));
  if (notes.operation === 'none') return;
  const caveat = notes.protected ? `, but object opted out (${ANNOTATIONS.rbacAutoupdate}: false)` : '';
  const lines = [`\treconciliation required ${notes.operation}${caveat}`];
  const section = (title: string, items: string[]): void => {
    if (items.length === 0) return;
    lines.push(`\t${title}:`, ...items.map((i) => `\t\t${i}`));
  };
  section('missing subjects added', (notes.missingSubjects ?? []).map(formatSubject));
  if (s.removeExtraSubjects) section('extra subjects removed', (notes.extraSubjects ?? []).map(formatSubject));
  section('missing rules added', (notes.missingRules ?? []).map(formatRule));
  if (s.removeExtraPermissions) section('extra rules removed', (notes.extraRules ?? []).map(formatRule));
  ctx.io.stderr.write(`${lines.join('\n')}\n`);
}

/** Reconciles one manifest object; non-RBAC objects are skipped. */
async function reconcileObject(ctx: CommandContext, s: Settings, output: ObjectOutput, object: KubeObject, namespaceOptions: { namespace: string; enforceNamespace: boolean }): Promise<void> {
  const apiVersion = object.apiVersion ?? '';
  const slash = apiVersion.lastIndexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = apiVersion.slice(slash + 1);
  const kind = RBAC_KINDS[object.kind ?? ''];
  if (group !== GROUPS.rbac || kind === undefined) {
    ctx.log(1, `skipping ${apiVersion}, Kind=${object.kind ?? ''}`);
    return;
  }
  if (version !== 'v1') throw new UsageError(`only ${GROUPS.rbac}/v1 is supported: not *${version}.${object.kind ?? ''}`, false);
  const [{ placeObject }, { describeObject }, { reconcileRole, reconcileBinding }] = await Promise.all([
    import('../../../../sdk/apply/resolve-manifest.js'), import('../../../../sdk/apply/object-ref.js'), import('../../../../sdk/rbac/reconcile.js')]);
  const mapping = { group: GROUPS.rbac, version: 'v1', resource: kind.resource, namespaced: kind.namespaced, kind: object.kind ?? '' };
  const placed = placeObject(object, { ...mapping, singular: '', verbs: [], shortNames: [], categories: [], subresources: [] }, namespaceOptions);
  const rc = s.client.resource(mapping, placed.namespace);
  if (object.kind === 'Role' || object.kind === 'ClusterRole') {
    const expected = placed.object as ClusterRole;
    const [result, role] = await reconcileLoop(s, rc, expected.metadata?.name ?? '', mapping.kind, placed.namespace, MAX_ROLE_ATTEMPTS,
      (live: ClusterRole | undefined) => reconcileRole(expected, live, s.removeExtraPermissions, ANNOTATIONS.rbacAutoupdate), (r) => r.role);
    printResult(ctx, output, s, toKubeObject(role), { operation: result.operation, protected: result.protected, missingRules: result.missingRules, extraRules: result.extraRules }, describeObject);
  } else {
    // A binding without a role reference decodes with an empty one.
    const binding = placed.object as Partial<RoleBinding>;
    const expected: RoleBinding = { ...binding, roleRef: binding.roleRef ?? { apiGroup: '', kind: '', name: '' } };
    const [result, written] = await reconcileLoop(s, rc, expected.metadata?.name ?? '', mapping.kind, placed.namespace, MAX_BINDING_ATTEMPTS,
      (live: RoleBinding | undefined) => reconcileBinding(expected, live, s.removeExtraSubjects, ANNOTATIONS.rbacAutoupdate), (r) => r.binding);
    printResult(ctx, output, s, toKubeObject(written), { operation: result.operation, protected: result.protected, missingSubjects: result.missingSubjects, extraSubjects: result.extraSubjects }, describeObject);
  }
}

/** Runs `auth reconcile`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (!hasManifestInput(flags)) throw new UsageError('must specify one of -f and -k', false);
  if (args.length > 0) throw new UsageError('no arguments are allowed', false);
  let mode: ReturnType<typeof dryRunMode>;
  try {
    mode = dryRunMode(flags);
  } catch (err) {
    throw new UsageError(`error accessing --dry-run flag for command reconcile: ${(err as Error).message}`, false);
  }
  if (mode === 'server') throw new UsageError('--dry-run=server for command reconcile is not supported yet', false);
  const { namespace } = await ctx.namespace();
  const manifests = await readCommandManifests(ctx, flags);
  const output = await objectOutput(ctx, flags);
  const settings: Settings = {
    client: await ctx.client(),
    dryRun: mode === 'client',
    removeExtraPermissions: flags.bool('remove-extra-permissions'),
    removeExtraSubjects: flags.bool('remove-extra-subjects'),
    signal: ctx.io.signal,
  };
  const errors: unknown[] = [];
  for (const manifest of manifests) {
    try {
      await reconcileObject(ctx, settings, output, manifest.object, { namespace, enforceNamespace: ctx.globals.namespace !== undefined });
    } catch (err) {
      errors.push(err);
    }
  }
  await throwFailures(errors, ctx.commandPath);
}
