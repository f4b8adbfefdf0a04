/**
 * Port checks with the API machinery's messages (`validation.IsValidPortNum`, `IsValidPortName`),
 * for the server's validation of objects and the client's checks of what a command builds.
 * Each function returns the list of problems; an empty list means valid.
 */

/** `IsValidPortNum`: 1 to 65535. */
export function portNumberProblems(port: number): string[] {
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}

/** `IsValidPortName`: an IANA service name (at most 15 characters, letters, digits and inner dashes, a letter among them), its problems in Go's order. */
export function portNameProblems(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}
