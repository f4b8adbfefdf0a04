/** The string and number formats the apiserver checks in custom resources (kube-openapi's strfmt). */

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V = (v: number): RegExp => new RegExp(`^[0-9a-f]{8}-[0-9a-f]{4}-${v}[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$`, 'i');
const EMAIL = /^[^@\s]+@[^@\s]+$/;
const HOSTNAME = /^(?=.{1,253}$)([a-zA-Z0-9]([-a-zA-Z0-9]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([-a-zA-Z0-9]{0,61}[a-zA-Z0-9])?)*\.?$/;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const MAC = /^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$/;
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DURATION = /^(-?\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w))+$|^0$/;
const HEXCOLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const RGBCOLOR = /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/;

function isIPv6(text: string): boolean {
  if (!text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 0;
  } catch {
    return false;
  }
}

function isCIDR(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const ip = text.slice(0, slash);
  const bits = Number(text.slice(slash + 1));
  if (!/^\d+$/.test(text.slice(slash + 1))) return false;
  if (IPV4.test(ip)) return bits <= 32;
  return isIPv6(ip) && bits <= 128;
}

function isURI(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const STRING_FORMATS: Record<string, (text: string) => boolean> = {
  'date-time': (t) => DATE_TIME.test(t) && !Number.isNaN(Date.parse(t.replace(' ', 'T'))),
  datetime: (t) => DATE_TIME.test(t) && !Number.isNaN(Date.parse(t.replace(' ', 'T'))),
  date: (t) => DATE.test(t) && !Number.isNaN(Date.parse(t)),
  uuid: (t) => UUID.test(t),
  uuid3: (t) => UUID_V(3).test(t),
  uuid4: (t) => UUID_V(4).test(t),
  uuid5: (t) => UUID_V(5).test(t),
  email: (t) => EMAIL.test(t),
  hostname: (t) => HOSTNAME.test(t),
  ipv4: (t) => IPV4.test(t),
  ipv6: (t) => isIPv6(t),
  cidr: (t) => isCIDR(t),
  mac: (t) => MAC.test(t),
  byte: (t) => BYTE.test(t),
  duration: (t) => DURATION.test(t),
  uri: (t) => isURI(t),
  hexcolor: (t) => HEXCOLOR.test(t),
  rgbcolor: (t) => RGBCOLOR.test(t),
  password: () => true,
};

/** True when `text` matches string format `format` (unknown formats always match). */
export function matchesStringFormat(format: string, text: string): boolean {
  const check = Object.hasOwn(STRING_FORMATS, format) ? STRING_FORMATS[format] : undefined;
  return check === undefined ? true : check(text);
}

/** True when `value` fits numeric format `format` (int32, int64; others always fit). */
export function matchesNumberFormat(format: string, value: number | bigint): boolean {
  if (format === 'int32') return (typeof value === 'bigint' || Number.isInteger(value)) && value >= -2147483648 && value <= 2147483647;
  // An int64 is a bigint or a number within ±(2^53 - 1) (json-numbers.ts); a float64 where int64 is
  // asked for fails the type check before this one.
  return true;
}
