/**
 * The environment arguments of `set env` as kubectl reads them: resources first, then `KEY=VALUE`
 * and `KEY-` (or `-` for `KEY=VALUE` lines on stdin, `#` starting a comment); names checked as
 * apimachinery's `IsEnvVarName`; and kubectl's `updateEnv`, which replaces every variable of a name
 * it sets and removes every variable of a name it removes.
 */
import { UsageError } from '../../../framework/usage-error.js';

/** One entry of a container's `env` (only the fields `set env` reads are typed). */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What the arguments ask for. */
export interface EnvChanges {
  set: EnvVar[];
  remove: string[];
  /** `-` was given: the variables came from stdin. */
  usedStdin: boolean;
}

const ENV_ARGUMENT = /^(.+)=(.*)$/s;
const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

function isEnvArgument(s: string): boolean {
  return ENV_ARGUMENT.test(s) || s.endsWith('-');
}

/** kubectl's `SplitEnvironmentFromResources`; undefined when a resource follows a change. */
export function splitEnvironmentFromResources(args: readonly string[]): { resources: string[]; envArgs: string[] } | undefined {
  const resources: string[] = [];
  const envArgs: string[] = [];
  for (const s of args) {
    if (isEnvArgument(s)) envArgs.push(s);
    else if (envArgs.length > 0) return undefined;
    else resources.push(s);
  }
  return { resources, envArgs };
}

/** apimachinery's `IsEnvVarName`: the problems with a name (none when it is valid). */
export function envVarNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (!ENV_NAME.test(name)) {
    errs.push("a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')");
  }
  if (name === '.') errs.push("must not be '.'");
  else if (name === '..') errs.push("must not be '..'");
  else if (name.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** `KEY=VALUE` lines (comments after `#` dropped), as kubectl's `readEnv`. */
function readEnvLines(text: string): EnvVar[] {
  const out: EnvVar[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const hash = raw.indexOf('#');
    const line = hash >= 0 ? raw.slice(0, hash) : raw;
    const eq = line.indexOf('=');
    if (eq >= 0) out.push({ name: line.slice(0, eq), value: line.slice(eq + 1) });
  }
  return out;
}

/** kubectl's `ParseEnv` over `-e` values then the arguments; `stdin` is read only for `-`. */
export async function parseEnv(specs: readonly string[], stdin: () => Promise<string>): Promise<EnvChanges> {
  const set: EnvVar[] = [];
  const remove: string[] = [];
  const names = new Set<string>();
  let usedStdin = false;
  for (const spec of specs) {
    if (spec === '-') {
      set.push(...readEnvLines(await stdin()));
      usedStdin = true;
    } else if (spec.includes('=')) {
      const eq = spec.indexOf('=');
      const name = spec.slice(0, eq);
      const errs = envVarNameErrors(name);
      if (errs.length > 0) throw new UsageError(`${JSON.stringify(name)} is not a valid key name: ${errs.join(';')}`, false);
      names.add(name);
      set.push({ name, value: spec.slice(eq + 1) });
    } else if (spec.endsWith('-')) {
      remove.push(spec.slice(0, -1));
    } else {
      throw new UsageError(`unknown environment variable: ${spec}`, false);
    }
  }
  if (remove.some((r) => names.has(r))) throw new UsageError('can not both modify and remove the same environment variable in the same command', false);
  return { set, remove, usedStdin };
}

/** kubectl's `updateEnv`: removal wins; a set name replaces its first occurrence and drops the rest. */
export function updateEnv(existing: readonly EnvVar[], set: readonly EnvVar[], remove: readonly string[]): EnvVar[] {
  const out: EnvVar[] = [];
  const covered = new Set(remove);
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = set.find((s) => s.name === e.name);
    if (newer !== undefined) {
      covered.add(e.name);
      out.push(newer);
      continue;
    }
    out.push(e);
  }
  for (const e of set) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** kubectl's `keyToEnvName`: characters outside `[a-zA-Z0-9_]` become `_`, then upper case. */
export function keyToEnvName(key: string): string {
  return key.replace(/[^a-zA-Z0-9_]/g, '_').toUpperCase();
}
