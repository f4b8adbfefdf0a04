import { goSprint } from '../../machinery/json/go-sprint.js';

/**
 * The text of one Table cell as kubectl prints it: nothing for null, strings cut at the first
 * line break (`\n`, `\r`, or form feed) and marked with `...`, anything else as Go's `fmt.Sprint`
 * prints the decoded JSON value (`1.5`, `true`, `map[a:1]`, `[a b]`).
 */
export function formatCell(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') {
    const cut = cell.search(/[\f\n\r]/);
    return cut < 0 ? cell : `${cell.slice(0, cut)}...`;
  }
  return goSprint(cell);
}
