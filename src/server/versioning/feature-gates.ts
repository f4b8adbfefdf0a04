/**
 * Feature gates of the spec's table with their stages and defaults, parsed as component-base's
 * `--feature-gates` does: `Name=bool,...`; unknown gates and changing a locked (GA) gate are errors
 * with kube's texts; setting a GA or deprecated gate warns.
 */
import { commaPairs } from '../../machinery/comma-pairs.js';
import { parseGoBool } from '../../machinery/go-bool.js';

/** A gate's lifecycle stage. */
export type GateStage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

/** One known gate. */
export interface GateSpec {
  stage: GateStage;
  default: boolean;
  /** GA gates are locked to their default. */
  locked: boolean;
}

function gate(stage: GateStage, def: boolean): GateSpec {
  return { stage, default: def, locked: stage === 'GA' };
}

/** The gates of the spec. */
export const KNOWN_GATES: Readonly<Record<string, GateSpec>> = {
  APIListChunking: gate('BETA', true),
  APIPriorityAndFairness: gate('BETA', true),
  APIResponseCompression: gate('BETA', true),
  APIServerIdentity: gate('ALPHA', false),
  APIServerTracing: gate('ALPHA', false),
  OpenAPIV3: gate('BETA', true),
  ServerSideFieldValidation: gate('ALPHA', false),
  RemainingItemCount: gate('BETA', true),
  WatchBookmark: gate('GA', true),
  DryRun: gate('GA', true),
  ServerSideApply: gate('GA', true),
  EfficientWatchResumption: gate('GA', true),
  CSRDuration: gate('GA', true),
  RemoveSelfLink: gate('GA', true),
  WarningHeaders: gate('GA', true),
  TokenRequest: gate('GA', true),
  BoundServiceAccountTokenVolume: gate('GA', true),
  RootCAConfigMap: gate('GA', true),
  LegacyServiceAccountTokenNoAutoGeneration: gate('BETA', true),
  PodSecurity: gate('BETA', true),
  PodOverhead: gate('GA', true),
  ServiceAccountIssuerDiscovery: gate('GA', true),
};

/** Resolved gates: every known gate's value, and warnings to print. */
export interface FeatureGates {
  enabled(name: string): boolean;
  /** The explicitly set gates. */
  readonly set: Readonly<Record<string, boolean>>;
  readonly warnings: string[];
}

/** A `--feature-gates` value that cannot be used (text as component-base words it). */
export class FeatureGateError extends Error {
  override name = 'FeatureGateError';
}

/** Parses `A=true,B=false` into a map; throws on malformed pairs. */
export function parseFeatureGateFlag(value: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const { key: k, value: v } of commaPairs(value)) {
    if (v === undefined) throw new FeatureGateError(`missing bool value for ${k}`);
    const b = parseGoBool(v);
    if (b === undefined) throw new FeatureGateError(`invalid value of ${k}=${v}, err: strconv.ParseBool: parsing "${v}": invalid syntax`);
    out[k] = b;
  }
  return out;
}

/** Checks explicit settings against the known gates. */
export function resolveFeatureGates(settings: Record<string, boolean> = {}): FeatureGates {
  const warnings: string[] = [];
  for (const [name, value] of Object.entries(settings)) {
    const spec = KNOWN_GATES[name];
    if (spec === undefined) throw new FeatureGateError(`unrecognized feature gate: ${name}`);
    if (spec.locked && value !== spec.default) {
      throw new FeatureGateError(`cannot set feature gate ${name} to ${String(value)}, feature is locked to ${String(spec.default)}`);
    }
    if (spec.stage === 'DEPRECATED') warnings.push(`Setting deprecated feature gate ${name}=${String(value)}. It will be removed in a future release.`);
    if (spec.stage === 'GA') warnings.push(`Setting GA feature gate ${name}=${String(value)}. It will be removed in a future release.`);
  }
  const set = { ...settings };
  return {
    set,
    warnings,
    enabled: (name) => set[name] ?? KNOWN_GATES[name]?.default ?? false,
  };
}
