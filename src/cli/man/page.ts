/**
 * One man page (roff, man(7) macros) for one command, rendered from its spec with the sections of
 * cobra's man generator: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, OPTIONS INHERITED FROM PARENT
 * COMMANDS, EXAMPLES, SEE ALSO.
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../framework/spec.js';
import { formatDefault, sortFlags } from '../framework/flag-text.js';
import { usageWithOptions } from '../framework/kubectl-help.js';
import { escapeInline, escapeLine, escapeText, quoteArg } from './roff.js';

/**
 * The date in every page's title line. Pages are generated reproducibly (a test compares them with
 * the committed ones), so this is a constant rather than the build date; bump it when the pages'
 * content changes materially.
 */
export const MAN_DATE = '2026-01-01';

/** Where a command sits in the tree, for its page. */
export interface ManPageInput {
  /** The command; undefined for the root page. */
  spec: CommandSpec | undefined;
  /** Command path without the binary, e.g. `['config', 'view']`; empty for the root. */
  path: readonly string[];
  /** The root's description (for the root page) or the commands below it. */
  rootDescription?: string;
  /** Visible child commands (top-level commands for the root page). */
  children: readonly CommandSpec[];
  /** The global flags. */
  globalFlags: readonly FlagSpec[];
}

/** The page's file name: `platformctl.1`, `platformctl-config-view.1`. */
export function manPageName(path: readonly string[]): string {
  return `${[BINARY_NAME, ...path].join('-')}.1`;
}

/** `-o, --output=''` in roff, names bold. */
function flagTerm(flag: FlagSpec): string {
  const long = `\\fB${escapeInline(`--${flag.name}`)}\\fR`;
  const names = flag.short === undefined ? long : `\\fB${escapeInline(`-${flag.short}`)}\\fR, ${long}`;
  return `${names}=${escapeInline(formatDefault(flag))}`;
}

function flagSection(title: string, flags: readonly FlagSpec[]): string[] {
  // Sorted by long name, as --help and cobra's man generator list them.
  const visible = sortFlags(flags.filter((f) => f.hidden !== true));
  if (visible.length === 0) return [];
  const lines = [`.SH ${title}`];
  for (const f of visible) {
    lines.push('.TP', flagTerm(f), escapeText(f.description));
    if (f.deprecated !== undefined) lines.push(`(deprecated: ${escapeInline(f.deprecated)})`);
  }
  return lines;
}

const LIST_ITEM = /^(\d+\.|[-*\u2022])\s+(.*)$/;

/**
 * One description paragraph: filled text, with lines that start with a list marker (`1.`, `-`,
 * `*`) as indented list items. Indentation in the spec text is dropped (roff indents itself).
 */
export function renderParagraph(paragraph: string): string[] {
  const out = ['.PP'];
  for (const raw of paragraph.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const item = LIST_ITEM.exec(line);
    if (item !== null) out.push(`.IP ${quoteArg(item[1] ?? '')} 4`, escapeLine(item[2] ?? ''));
    else out.push(escapeLine(line));
  }
  return out;
}

/** Renders the page. */
export function renderManPage(input: ManPageInput): string {
  const { spec, path, children } = input;
  const full = [BINARY_NAME, ...path];
  const pageName = full.join('-');
  const summary = spec === undefined ? `controls a platform cluster` : spec.summary;
  const description = spec === undefined ? (input.rootDescription ?? '') : spec.description;
  const usage = spec === undefined ? '[command] [flags] [options]' : usageWithOptions(spec.usage);

  const lines: string[] = [
    `.\\" Generated from the ${BINARY_NAME} command specs by \`npm run generate\`; do not edit.`,
    `.TH ${quoteArg(pageName.toUpperCase())} "1" "${MAN_DATE}" ${quoteArg(BINARY_NAME)} "User Commands"`,
    '.nh',
    '.ad l',
    '.SH NAME',
    `${escapeInline(pageName)} \\- ${escapeInline(summary)}`,
    '.SH SYNOPSIS',
    // `\:` lets roff break a long alternative list (`json|yaml|...`) after a bar.
    `\\fB${escapeInline(full.join(' '))}\\fR ${escapeInline(usage).replaceAll('|', '|\\:')}`,
    '.SH DESCRIPTION',
  ];
  for (const paragraph of description.trim().split(/\n\s*\n/)) lines.push(...renderParagraph(paragraph));

  if (spec === undefined) {
    lines.push(...flagSection('OPTIONS', input.globalFlags));
  } else {
    lines.push(...flagSection('OPTIONS', spec.flags));
    lines.push(...flagSection('OPTIONS INHERITED FROM PARENT COMMANDS', input.globalFlags));
  }

  const examples = spec?.examples ?? [];
  if (examples.length > 0) {
    lines.push('.SH EXAMPLES');
    for (const e of examples) {
      lines.push('.PP', escapeLine(`# ${e.description}`), '.RS 4', '.nf', escapeLine(e.command), '.fi', '.RE');
    }
  }

  const seeAlso: string[] = [];
  if (path.length > 0) seeAlso.push(`\\fB${escapeInline(full.slice(0, -1).join('-'))}\\fR(1)`);
  for (const c of children) seeAlso.push(`\\fB${escapeInline([...full, c.name].join('-'))}\\fR(1)`);
  if (seeAlso.length > 0) lines.push('.SH SEE ALSO', seeAlso.join(',\n'));
  return `${lines.join('\n')}\n`;
}
