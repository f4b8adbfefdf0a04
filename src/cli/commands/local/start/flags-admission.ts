/**
 * The admission, audit and versioning flags of `platformctl local start` (kube-apiserver's
 * `--enable-admission-plugins`, `--disable-admission-plugins`, the deprecated `--admission-control`,
 * `--admission-control-config-file`, `--audit-log-path`, `--runtime-config`, `--feature-gates`),
 * their mapping to the server's AdmissionOptions, and their forwarding to the background process.
 * Bad values are refused before the server starts, with kube-apiserver's texts.
 */
import type { FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { UsageError, usageErrorOn } from '../../../framework/usage-error.js';
import type { AdmissionOptions } from '../../../../server/admission/options.js';
import { absolute, forwardedArgs } from './forward-flags.js';

/** The flags. */
export const admissionFlags = [
  { name: 'enable-admission-plugins', type: 'stringSlice', default: [], description: 'Admission plugins to enable in addition to the default-enabled ones (order is irrelevant).' },
  { name: 'disable-admission-plugins', type: 'stringSlice', default: [], description: 'Admission plugins to disable, even if in the default-enabled list (order is irrelevant).' },
  { name: 'admission-control', type: 'stringSlice', default: [], description: 'Admission plugins to run instead of the default set (deprecated: use --enable-admission-plugins or --disable-admission-plugins).', deprecated: 'Use --enable-admission-plugins or --disable-admission-plugins instead. Will be removed in a future version.' },
  { name: 'admission-control-config-file', type: 'string', default: '', description: 'File with admission control configuration (an AdmissionConfiguration).', complete: { kind: 'file' } },
  { name: 'audit-log-path', type: 'string', default: '', description: 'Append audit events (JSON lines) to this file.', complete: { kind: 'file' } },
  { name: 'runtime-config', type: 'string', default: '', description: 'Comma-separated key=value pairs enabling or disabling API versions and resources: api/all, api/ga, api/beta, api/alpha, <group>/<version>, <group>/<version>/<resource>.' },
  { name: 'feature-gates', type: 'string', default: '', description: 'Comma-separated key=value pairs of feature gates (see the API specification for the gates and their defaults).' },
] as const satisfies readonly FlagSpec[];

/** The server's admission options from the flags; checks them and reports deprecations through `warn`. */
export async function admissionOptionsFromFlags(flags: FlagsOf<typeof admissionFlags>, cwd: string, warn: (line: string) => void): Promise<AdmissionOptions> {
  const o: AdmissionOptions = {};
  const enable = flags.strings('enable-admission-plugins');
  const disable = flags.strings('disable-admission-plugins');
  const legacy = flags.strings('admission-control');
  const { AdmissionPluginError, RECOMMENDED_PLUGINS, enabledPluginNames } = await import('../../../../server/admission/plugin-set.js');
  if (flags.changed('admission-control')) {
    // The deprecation warning itself comes from the flag's `deprecated` text (printed by the framework).
    if (enable.length > 0 || disable.length > 0) {
      throw new UsageError('admission-control and enable-admission-plugins/disable-admission-plugins flags are mutually exclusive', false);
    }
    o.enablePlugins = legacy;
    o.disablePlugins = RECOMMENDED_PLUGINS.filter((p) => !legacy.includes(p));
  } else {
    if (enable.length > 0) o.enablePlugins = enable;
    if (disable.length > 0) o.disablePlugins = disable;
  }
  usageErrorOn(AdmissionPluginError, () => enabledPluginNames(o.enablePlugins, o.disablePlugins));
  const config = flags.string('admission-control-config-file') ?? '';
  if (config !== '') o.configFile = absolute(config, cwd);
  const audit = flags.string('audit-log-path') ?? '';
  if (audit !== '') o.auditLogPath = absolute(audit, cwd);
  const gates = flags.string('feature-gates') ?? '';
  if (gates !== '') {
    const { FeatureGateError, parseFeatureGateFlag, resolveFeatureGates } = await import('../../../../server/versioning/feature-gates.js');
    o.featureGates = usageErrorOn(FeatureGateError, () => {
      const parsed = parseFeatureGateFlag(gates);
      for (const w of resolveFeatureGates(parsed).warnings) warn(w);
      return parsed;
    }, (e) => `invalid argument "${gates}" for "--feature-gates" flag: ${e.message}`);
  }
  const runtime = flags.string('runtime-config') ?? '';
  if (runtime !== '') {
    const { RuntimeConfigError, parseRuntimeConfig } = await import('../../../../server/versioning/runtime-config.js');
    o.runtimeConfig = usageErrorOn(RuntimeConfigError, () => Object.fromEntries(parseRuntimeConfig(runtime).map((e) => [e.key, e.enabled])));
  }
  return o;
}

/** The flags given on the command line, as arguments for the background server (after checking them). */
export async function admissionArgs(flags: FlagsOf<typeof admissionFlags>, cwd: string, warn: (line: string) => void): Promise<string[]> {
  await admissionOptionsFromFlags(flags, cwd, warn);
  return forwardedArgs(flags, admissionFlags, cwd);
}
