/**
 * `-o` for the write commands (apply, create, replace, patch, label, annotate, edit), over the
 * shared output flags and printer (src/cli/output): by default a result line per object
 * (`configmap/foo created`), with `-o name` only the name, with `-o json|yaml|jsonpath...` the
 * resulting objects (a `kind: List` when there are several).
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { CommandContext } from '../framework/context.js';
import type { FlagReader } from '../framework/flag-reader.js';
import { paintVerb } from '../io/colors.js';
import { OBJECT_OUTPUT_FLAGS, printerFor } from '../output/index.js';

/** The `-o` flag and its companions. */
export const OUTPUT_FLAGS = OBJECT_OUTPUT_FLAGS;

/** Prints results or objects as `-o` asks. */
export interface ObjectOutput {
  /** Whether objects are printed (json, yaml, jsonpath) rather than one line per object. */
  readonly printsObjects: boolean;
  /** The line for one result: `configmap/foo created (dry run)` or, with `-o name`, `configmap/foo`. */
  resultLine(description: string, operation: string): string;
  /** Prints the collected objects at the end (nothing unless {@link printsObjects}). */
  printObjects(objects: readonly KubeObject[]): Promise<void>;
  /**
   * Prints one object of a command that prints as it goes (label, annotate, patch): each on its
   * own, YAML documents separated by `---` as kubectl's printer separates them.
   */
  printOne(object: KubeObject): void;
}

/** Parses `-o` and returns the output of the command. */
export async function objectOutput(ctx: CommandContext, flags: FlagReader<(typeof OUTPUT_FLAGS)[number]>): Promise<ObjectOutput> {
  const printer = await printerFor(flags, ctx.io, { human: false });
  // `-o name` prints the result line's object name only; the other formats print objects.
  const printsObjects = printer !== undefined && printer.format !== 'name';
  return {
    printsObjects,
    printOne(object) {
      if (printsObjects) ctx.io.stdout.write(printer.printStreamed(object));
    },
    resultLine(description, operation) {
      return printer?.format === 'name' ? `${description}\n` : `${description} ${paintVerb(ctx.colors.stdout, operation)}\n`;
    },
    async printObjects(objects) {
      if (!printsObjects || objects.length === 0) return;
      ctx.io.stdout.write(printer.printObjects(objects, objects.length === 1));
    },
  };
}
