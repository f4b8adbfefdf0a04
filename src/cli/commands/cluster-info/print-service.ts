/**
 * One `<name> is running at <link>` line, with the name in green and the link in yellow when
 * color is on (the escape sequences kubectl wrote up to 1.31; 1.32 writes no color at all).
 */
const GREEN = '\x1b[0;32m';
const YELLOW = '\x1b[0;33m';
const RESET = '\x1b[0m';

/** The line for one service (or the control plane), with its newline. */
export function serviceLine(name: string, link: string, color: boolean): string {
  return color ? `${GREEN}${name}${RESET} is running at ${YELLOW}${link}${RESET}\n` : `${name} is running at ${link}\n`;
}
