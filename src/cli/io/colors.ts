/**
 * Colours for what people scan on a terminal (`error:`, `Warning:`, diff lines, `auth can-i`
 * answers, result verbs, watch event types), never for what scripts parse. chalk paints; whether
 * an output is coloured follows chalk's rules (its supports-color: `FORCE_COLOR`, a terminal,
 * `TERM`, CI), read from the command's IO instead of the process, plus the `NO_COLOR` convention
 * (no-color.org), which `FORCE_COLOR` overrides. Without colour chalk is not even loaded, so piped
 * output is byte for byte what it was.
 */
import type { CliIO, Output } from './io.js';

/** chalk's colour levels: none, 16 colours, 256 colours, true colour. */
export type ColorLevel = 0 | 1 | 2 | 3;

/** The paints an output uses; identity functions when it is not coloured. */
export interface Colors {
  readonly enabled: boolean;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  /** Colour number `index` of a series that tells things apart (the pods of a followed log), cycling. */
  series(index: number, text: string): string;
}

/** The colours of a command's two outputs. */
export interface CliColors {
  stdout: Colors;
  stderr: Colors;
}

const identity = (text: string): string => text;

/** Paints that leave text as it is. */
export const PLAIN: Colors = { enabled: false, red: identity, green: identity, yellow: identity, cyan: identity, series: (_index, text) => text };

/** Plain colours for both outputs. */
export const PLAIN_CLI: CliColors = { stdout: PLAIN, stderr: PLAIN };

/** `FORCE_COLOR` as chalk reads it: `0`/`false` off, empty/`true` level 1, a number its level (at most 3). */
function forcedLevel(env: Readonly<Record<string, string | undefined>>): ColorLevel | undefined {
  const v = env.FORCE_COLOR;
  if (v === undefined) return undefined;
  if (v === 'true' || v === '') return 1;
  if (v === 'false') return 0;
  const n = Number.parseInt(v, 10);
  if (Number.isNaN(n)) return undefined;
  return Math.max(0, Math.min(n, 3)) as ColorLevel;
}

/** The colour level of `out` by chalk's rules over `env`, with `NO_COLOR` turning colour off. */
export function colorLevel(env: Readonly<Record<string, string | undefined>>, out: Pick<Output, 'isTTY'>, platform = process.platform): ColorLevel {
  const forced = forcedLevel(env);
  if (forced === 0) return 0;
  if (forced === undefined && env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  // chalk also colours Azure pipelines' pipes (TF_BUILD); output that is not a terminal stays plain here.
  if (!out.isTTY && forced === undefined) return 0;
  const min: ColorLevel = forced ?? 0;
  const term = env.TERM ?? '';
  if (term === 'dumb') return min;
  if (platform === 'win32') return 3;
  if (env.CI !== undefined) {
    if (['GITHUB_ACTIONS', 'GITEA_ACTIONS', 'CIRCLECI'].some((k) => env[k] !== undefined)) return 3;
    if (['TRAVIS', 'APPVEYOR', 'GITLAB_CI', 'BUILDKITE', 'DRONE'].some((k) => env[k] !== undefined) || env.CI_NAME === 'codeship') return 1;
    return min;
  }
  if (env.TEAMCITY_VERSION !== undefined) return /^(9\.(0*[1-9]\d*)\.|\d{2,}\.)/.test(env.TEAMCITY_VERSION) ? 1 : 0;
  if (env.COLORTERM === 'truecolor' || ['xterm-kitty', 'xterm-ghostty', 'wezterm'].includes(term)) return 3;
  if (env.TERM_PROGRAM === 'iTerm.app') return Number.parseInt((env.TERM_PROGRAM_VERSION ?? '').split('.')[0] ?? '', 10) >= 3 ? 3 : 2;
  if (env.TERM_PROGRAM === 'Apple_Terminal') return 2;
  if (/-256(color)?$/i.test(term)) return 2;
  if (/^screen|^xterm|^vt100|^vt220|^rxvt|color|ansi|cygwin|linux/i.test(term)) return 1;
  if (env.COLORTERM !== undefined) return 1;
  return min;
}

/** The paints for a colour level (chalk is imported only for a level above 0). */
export async function colorsAt(level: ColorLevel): Promise<Colors> {
  if (level === 0) return PLAIN;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level });
  // Red is left out of the series: it means an error elsewhere.
  const series = [chalk.green, chalk.yellow, chalk.blue, chalk.magenta, chalk.cyan, chalk.greenBright, chalk.yellowBright, chalk.blueBright, chalk.magentaBright, chalk.cyanBright];
  return {
    enabled: true, red: (t) => chalk.red(t), green: (t) => chalk.green(t), yellow: (t) => chalk.yellow(t), cyan: (t) => chalk.cyan(t),
    series: (i, t) => (series[((i % series.length) + series.length) % series.length] ?? chalk.green)(t),
  };
}

/** The paints of `out`. */
export function colorsFor(io: Pick<CliIO, 'env'>, out: Pick<Output, 'isTTY'>): Promise<Colors> {
  return colorsAt(colorLevel(io.env, out));
}

/** The paints of stdout and stderr. */
export async function cliColors(io: CliIO): Promise<CliColors> {
  const [stdout, stderr] = await Promise.all([colorsFor(io, io.stdout), colorsFor(io, io.stderr)]);
  return { stdout, stderr };
}

/**
 * A result line's verb painted by what happened: created and applied green, changed yellow,
 * deleted and pruned red; `unchanged` and others stay plain. Only the verb is painted (`created`
 * of `created (dry run)`).
 */
export function paintVerb(colors: Colors, operation: string): string {
  if (!colors.enabled) return operation;
  const m = /^(force deleted|[\w-]+)(.*)$/s.exec(operation);
  if (m === null) return operation;
  const verb = m[1] ?? '';
  const rest = m[2] ?? '';
  if (verb === 'created' || verb === 'serverside-applied') return colors.green(verb) + rest;
  if (['configured', 'replaced', 'patched', 'labeled', 'annotated', 'edited'].includes(verb)) return colors.yellow(verb) + rest;
  if (verb === 'deleted' || verb === 'force deleted' || verb === 'pruned') return colors.red(verb) + rest;
  return operation;
}

/** A watch event type painted: ADDED green, MODIFIED yellow, DELETED and ERROR red, BOOKMARK cyan. */
export function paintEventType(colors: Colors, type: string, text: string): string {
  switch (type) {
    case 'ADDED': return colors.green(text);
    case 'MODIFIED': return colors.yellow(text);
    case 'DELETED':
    case 'ERROR': return colors.red(text);
    case 'BOOKMARK': return colors.cyan(text);
    default: return text;
  }
}

/** A unified diff painted: added lines green, removed lines red, hunk headers cyan; file headers plain. */
export function paintDiff(text: string, colors: Colors): string {
  if (!colors.enabled) return text;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return line;
      if (line.startsWith('+')) return colors.green(line);
      if (line.startsWith('-')) return colors.red(line);
      if (line.startsWith('@@')) return colors.cyan(line);
      return line;
    })
    .join('\n');
}
