/**
 * Output of the CLI: the `-o` flags ({@link outputFlags} for get-like commands,
 * {@link OBJECT_OUTPUT_FLAGS} for commands that print the objects they wrote) and
 * {@link printerFor}, which turns the parsed flags into a {@link Printer}.
 *
 * ```ts
 * const printer = await printerFor(flags, ctx.io, { human: false });
 * if (printer === undefined) ctx.io.stdout.write(`configmap/foo created\n`);
 * else ctx.io.stdout.write(printer.printObjects(objects, objects.length === 1));
 * ```
 */
export { ALL_FORMATS, OBJECT_FORMATS, OBJECT_OUTPUT_FLAGS, outputFlags } from './flags.js';
export { printerFor, splitOutputFlag } from './printer.js';
export type { OutputContext, OutputFormat, Printer, PrinterForOptions } from './printer.js';
