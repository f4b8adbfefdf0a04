/**
 * Name and label syntax checks with the API machinery's messages (k8s.io/apimachinery/pkg/util/validation),
 * for the server's validation of objects and the client's checks of what a command builds.
 * Each function returns the list of problems; an empty list means valid.
 */

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const DNS1035_LABEL = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME_PART = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE = `(${QUALIFIED_NAME_PART})?`;

const dns1123LabelRe = new RegExp(`^${DNS1123_LABEL}$`);
const dns1123SubdomainRe = new RegExp(`^${DNS1123_SUBDOMAIN}$`);
const dns1035LabelRe = new RegExp(`^${DNS1035_LABEL}$`);
const qualifiedNamePartRe = new RegExp(`^${QUALIFIED_NAME_PART}$`);
const labelValueRe = new RegExp(`^${LABEL_VALUE}$`);

function maxLen(n: number): string {
  return `must be no more than ${n} characters`;
}

function regexError(msg: string, fmt: string, examples: string[]): string {
  let s = `${msg} (e.g. `;
  s += examples.map((e) => `'${e}'`).join(',  or ');
  return `${s}, regex used for validation is '${fmt}')`;
}

/** The problems of a value that has a length limit and a pattern: too long, not matching, or both. */
function boundedPatternProblems(value: string, max: number, re: RegExp, msg: string, fmt: string, examples: string[]): string[] {
  const errs: string[] = [];
  if (value.length > max) errs.push(maxLen(max));
  if (!re.test(value)) errs.push(regexError(msg, fmt, examples));
  return errs;
}

/** RFC 1123 label: namespaces and most `metadata.name`s that must be DNS labels. */
export function isDNS1123Label(value: string): string[] {
  return boundedPatternProblems(value, 63, dns1123LabelRe, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character", DNS1123_LABEL, ['my-name', '123-abc']);
}

/** RFC 1123 subdomain: the name rule of most kinds. */
export function isDNS1123Subdomain(value: string): string[] {
  return boundedPatternProblems(value, 253, dns1123SubdomainRe, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character", DNS1123_SUBDOMAIN, ['example.com']);
}

/** RFC 1035 label: service names. */
export function isDNS1035Label(value: string): string[] {
  return boundedPatternProblems(value, 63, dns1035LabelRe, "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character", DNS1035_LABEL, ['my-name', 'abc-123']);
}

/** Path segment names (RBAC objects and a few others): anything but `.`, `..`, `/` and `%`. */
export function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const errs: string[] = [];
  for (const illegal of ['/', '%']) {
    if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`);
  }
  return errs;
}

/** A qualified name: `[prefix/]name` as label and annotation keys and finalizers are. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const msg of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${msg}`);
  } else {
    return [regexError("a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", QUALIFIED_NAME_PART, ['MyName', 'my.name', '123-abc'])
      + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLen(63)}`);
  // Go checks the pattern even when the name part is empty, so an empty one has two problems.
  if (!qualifiedNamePartRe.test(name)) {
    errs.push(`name part ${regexError("must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", QUALIFIED_NAME_PART, ['MyName', 'my.name', '123-abc'])}`);
  }
  return errs;
}

/** A label value: empty, or up to 63 characters of the qualified-name alphabet. */
export function isValidLabelValue(value: string): string[] {
  return boundedPatternProblems(value, 63, labelValueRe, "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", LABEL_VALUE, ['MyValue', 'my_value', '12345']);
}

/** How a kind's `metadata.name` is checked. */
export type NameRule = 'subdomain' | 'label' | 'dns1035' | 'path';

/** Checks a name (or, with `prefix`, a generateName whose trailing dash is allowed). */
export function validateName(rule: NameRule, name: string, prefix: boolean): string[] {
  let value = name;
  if (prefix && rule !== 'path') value = maskTrailingDash(name);
  switch (rule) {
    case 'subdomain': return isDNS1123Subdomain(value);
    case 'label': return isDNS1123Label(value);
    case 'dns1035': return isDNS1035Label(value);
    case 'path': return isValidPathSegmentName(value);
  }
}

/** Replaces a trailing `-` by `a` so that a generateName prefix can end with a dash. */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}
