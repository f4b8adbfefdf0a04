/**
 * Puts admission, audit and versioning together at start-up: which API versions are served
 * (`--runtime-config`, `--feature-gates`), which admission plugins run and how they are configured
 * (`--enable/disable-admission-plugins`, `--admission-control-config-file`), the webhook
 * dispatchers, and whether the quota status controller is to run.
 */
import type { ServerCore } from '../context.js';
import type { ResourceDef } from '../registry/types.js';
import type { Namespace } from '../../sdk/types/generated/core-v1.js';
import { storedAs } from '../registry/kind-def.js';
import { findStored } from '../rest/get.js';
import { applyRuntimeConfig, parseRuntimeConfig } from '../versioning/runtime-config.js';
import { parseFeatureGateFlag, resolveFeatureGates, type FeatureGates } from '../versioning/feature-gates.js';
import { loadCredentialResolver } from '../webhooks/credentials.js';
import { mutatingWebhookPlugin, validatingWebhookPlugin } from '../webhooks/dispatcher.js';
import { loadAdmissionConfig, webhookKubeconfigPath, type AdmissionConfig } from './config-file.js';
import type { AdmissionOptions } from './options.js';
import { enabledPluginNames, INERT_PLUGINS, ORDERED_PLUGINS } from './plugin-set.js';
import { podSecurityPlugin } from './pod-security/plugin.js';
import { limitRangerPlugin } from './plugins/limit-ranger.js';
import { podNodeSelectorPlugin } from './plugins/pod-node-selector.js';
import { podTolerationRestrictionPlugin } from './plugins/pod-toleration-restriction.js';
import { priorityPlugin } from './plugins/priority.js';
import { runtimeClassPlugin } from './plugins/runtime-class.js';
import { defaultIngressClassPlugin, defaultStorageClassPlugin } from './plugins/default-classes.js';
import { alwaysDenyPlugin, securityContextDenyPlugin } from './plugins/security-context-deny.js';
import { resourceQuotaPlugin } from './quota/plugin.js';
import type { AdmissionPlugin } from './types.js';

/** The feature gates of the options (throws a FeatureGateError on bad settings). */
export function featureGatesOf(options: AdmissionOptions | undefined): FeatureGates {
  const g = options?.featureGates;
  return resolveFeatureGates(g === undefined ? {} : typeof g === 'string' ? parseFeatureGateFlag(g) : g);
}

/**
 * The built-in defs the server serves under `--runtime-config`; checks `--feature-gates` too, so
 * that bad settings stop start-up before anything listens.
 */
export function servedDefs(defs: ResourceDef[], options: AdmissionOptions | undefined, log: (line: string) => void = () => undefined): ResourceDef[] {
  const gates = featureGatesOf(options);
  for (const w of gates.warnings) log(w);
  const rc = options?.runtimeConfig;
  return rc === undefined ? defs : applyRuntimeConfig(defs, parseRuntimeConfig(rc));
}

/** The admission plugins of a server and what its controllers are made from. */
export interface AdmissionSetup {
  plugins: AdmissionPlugin[];
  /** ResourceQuota is on: the quota status controller keeps `status.used` current. */
  quota: boolean;
}

/**
 * The admission plugins in execution order: `builtins` (plugins made elsewhere, matched by name)
 * and this module's plugins, filtered by the enabled set; plugins whose names the API server does
 * not know (test plugins) run last, as given.
 */
export async function selectAdmissionPlugins(ctx: ServerCore, options: AdmissionOptions | undefined, builtins: AdmissionPlugin[]): Promise<AdmissionSetup> {
  const o = options ?? {};
  const gates = featureGatesOf(o);
  let config: AdmissionConfig = { plugins: new Map(), warnings: [] };
  if (o.configFile !== undefined) config = await loadAdmissionConfig(o.configFile);
  for (const w of config.warnings) ctx.log(w);
  const names = enabledPluginNames(o.enablePlugins, o.disablePlugins);
  const lookupNamespace = (name: string): Promise<Namespace | undefined> => findStored(ctx, ctx.registry.kind('v1', 'Namespace'), '', name);
  const credentials = async (plugin: string) => {
    const path = webhookKubeconfigPath(config, plugin);
    return path === undefined ? undefined : loadCredentialResolver(path);
  };
  const mutatingCreds = await credentials('MutatingAdmissionWebhook');
  const validatingCreds = await credentials('ValidatingAdmissionWebhook');
  const services = o.webhookServiceAddresses ?? {};
  const given = new Map(builtins.map((p) => [p.name, p]));
  const made: Record<string, () => AdmissionPlugin> = {
    LimitRanger: () => limitRangerPlugin(ctx),
    PodSecurity: () => podSecurityPlugin(ctx.registry, lookupNamespace, config.plugins.get('PodSecurity')?.configuration, async (ns) => {
      const pods = ctx.registry.servedKind('v1', 'Pod');
      return pods === undefined ? [] : (await ctx.store.list(pods.bucket, { keyPrefix: `${ns}/` })).items.map((e) => storedAs(pods, e.value));
    }),
    SecurityContextDeny: () => securityContextDenyPlugin(ctx.registry.kind('v1', 'Pod')),
    PodNodeSelector: () => podNodeSelectorPlugin(ctx.registry.kind('v1', 'Pod'), lookupNamespace, config.plugins.get('PodNodeSelector')?.configuration),
    PodTolerationRestriction: () => podTolerationRestrictionPlugin(ctx.registry.kind('v1', 'Pod'), lookupNamespace, config.plugins.get('PodTolerationRestriction')?.configuration),
    Priority: () => priorityPlugin(ctx),
    RuntimeClass: () => runtimeClassPlugin(ctx, gates.enabled('PodOverhead')),
    DefaultStorageClass: () => defaultStorageClassPlugin(ctx),
    DefaultIngressClass: () => defaultIngressClassPlugin(ctx),
    MutatingAdmissionWebhook: () => mutatingWebhookPlugin(ctx, { serviceAddresses: services, ...(mutatingCreds !== undefined ? { credentials: mutatingCreds } : {}) }),
    ValidatingAdmissionWebhook: () => validatingWebhookPlugin(ctx, { serviceAddresses: services, ...(validatingCreds !== undefined ? { credentials: validatingCreds } : {}) }),
    ResourceQuota: () => resourceQuotaPlugin(ctx),
    AlwaysDeny: () => alwaysDenyPlugin(),
  };
  const out: AdmissionPlugin[] = [];
  for (const name of names) {
    if (name === 'PodSecurity' && !gates.enabled('PodSecurity')) continue;
    const p = given.get(name) ?? made[name]?.();
    if (p !== undefined) out.push(p);
    else if (!INERT_PLUGINS.has(name)) ctx.log(`admission plugin ${name} has no implementation here`);
  }
  const known = new Set<string>(ORDERED_PLUGINS);
  for (const p of builtins) if (!known.has(p.name)) out.push(p);
  return { plugins: out, quota: names.includes('ResourceQuota') };
}
