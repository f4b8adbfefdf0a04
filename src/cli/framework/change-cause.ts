/**
 * kubectl's deprecated `--record`: the command line, as cli-runtime's RecordFlags renders it, is
 * stored in the `change-cause` annotation of the objects a command writes (`rollout history` shows
 * it). The rendering is pflag's walk of the line: the binary's name, the positional words (command
 * words first), then every flag in the order given as ` --long-name=value` (a boolean given bare
 * reads `=true`); the values of credential flags read `CLASSIFIED`.
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import type { FlagSpec } from './spec.js';

/** Flags whose values are never written into an object. */
const CLASSIFIED = new Set(['token', 'password']);

/**
 * The change cause of a command line that {@link normalizeArgv} rewrote (booleans as `--x=v`,
 * short flags in their long form), after the command words `path`.
 */
export function changeCause(path: readonly string[], normalized: readonly string[], flags: readonly FlagSpec[]): string {
  const byLong = new Map(flags.map((f) => [f.name, f]));
  const words = [...path];
  let rendered = '';
  for (let i = 0; i < normalized.length; i++) {
    const tok = normalized[i] as string;
    if (tok === '--') {
      words.push(...normalized.slice(i + 1));
      break;
    }
    if (!tok.startsWith('--') || tok.length <= 2) {
      words.push(tok);
      continue;
    }
    const eq = tok.indexOf('=');
    const name = eq < 0 ? tok.slice(2) : tok.slice(2, eq);
    const spec = byLong.get(name);
    let value: string;
    if (eq >= 0) value = tok.slice(eq + 1);
    else if (spec !== undefined && spec.type !== 'bool' && i + 1 < normalized.length) value = normalized[++i] as string;
    else value = 'true';
    rendered += ` --${name}=${CLASSIFIED.has(name) ? 'CLASSIFIED' : value}`;
  }
  return `${[BINARY_NAME, ...words].join(' ')}${rendered}`;
}
