import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * An IPv4 address in IPv6 form (`::ffff:a.b.c.d`, also written out or in hex) once canonicalIpv6 wrote it: WHATWG
 * URL's serializer writes the dotted tail in hex (`::ffff:a00:7`), where RFC 5952 §5 would keep it dotted.
 */
const IPV4_MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** `a.b.c.d:port`, as some proxies (Azure Application Gateway) write an `X-Forwarded-For` entry. */
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
/** `[v6]` or `[v6]:port`: an IPv6 address in brackets, with or without a port. */
const BRACKETED_WITH_PORT = /^\[([^\]]*)\](?::\d{1,5})?$/;

/**
 * An IPv6 address in one spelling: lower case, no leading zeros, the longest run of zero groups as `::` (RFC 5952
 * §4), so `2001:0DB8:0:0:0:0:0:5` and `2001:db8::5` are one address. An address with a zone (`fe80::1%eth0`), which
 * the URL parser refuses, is only lower-cased.
 */
function canonicalIpv6(address: string): string {
  try {
    return new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}

/**
 * An address as `trustedProxies`, `backendAddresses` and the per-IP limits compare it. A server listening on `::`
 * sees an IPv4 peer as `::ffff:127.0.0.1`: that is `127.0.0.1` (in any spelling, `::ffff:7f00:1` too), so a trusted
 * proxy configured as `127.0.0.1` still matches it, and a client is counted under one address whichever way it
 * arrived. A port is dropped (`203.0.113.5:40001` is `203.0.113.5`, `[2001:db8::1]:40001` and `[2001:db8::1]` are
 * `2001:db8::1`), so a client is not counted under a new address for each source port. IPv6 addresses are written
 * canonically (canonicalIpv6: a configuration or a proxy header may spell one differently from Node). Anything else
 * is returned trimmed and otherwise as it is.
 */
export function normalizeAddress(address: string): string {
  let trimmed = address.trim();
  trimmed = IPV4_WITH_PORT.exec(trimmed)?.[1] ?? BRACKETED_WITH_PORT.exec(trimmed)?.[1]?.trim() ?? trimmed;
  if (!isIPv6(trimmed)) return trimmed.includes(':') ? trimmed.toLowerCase() : trimmed;
  const canonical = canonicalIpv6(trimmed);
  const hex = IPV4_MAPPED_HEX.exec(canonical);
  if (!hex) return canonical;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** One entry of an address list: an address, or a CIDR range when `prefix` is set. */
export interface AddressRange {
  address: string;
  family: 'ipv4' | 'ipv6';
  prefix?: number;
}

/**
 * An entry of `trustedProxies` or `backendAddresses`: an IP address (`10.0.0.7`, `2001:db8::5`, any spelling) or a
 * CIDR range (`10.0.0.0/8`, `2001:db8::/32`); null for anything else, which the configuration refuses.
 */
export function parseAddressRange(entry: string): AddressRange | null {
  const [head = '', prefixText, ...rest] = entry.trim().split('/');
  if (rest.length > 0 || isIP(head) === 0) return null;
  if (prefixText === undefined) {
    const address = normalizeAddress(head);
    return { address, family: isIPv4(address) ? 'ipv4' : 'ipv6' };
  }
  const family = isIPv4(head) ? 'ipv4' : 'ipv6';
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > (family === 'ipv4' ? 32 : 128)) return null;
  return { address: family === 'ipv4' ? head : canonicalIpv6(head), family, prefix: Number(prefixText) };
}

const matchers = new WeakMap<readonly string[], (address: string) => boolean>();

/**
 * Whether `address` (a peer or a client, normalised or not) is in `entries` (parseAddressRange's forms; an entry it
 * refuses matches nothing). The list is compiled once per array (a configuration's arrays live as long as it does).
 * An unknown address ('') is in no list.
 */
export function inAddressList(entries: readonly string[], address: string): boolean {
  if (address === '' || entries.length === 0) return false;
  let match = matchers.get(entries);
  if (!match) {
    const list = new BlockList();
    for (const entry of entries) {
      const range = parseAddressRange(entry);
      if (!range) continue;
      if (range.prefix === undefined) list.addAddress(range.address, range.family);
      else list.addSubnet(range.address, range.prefix, range.family);
    }
    match = (candidate) => {
      const family = isIP(candidate);
      return family !== 0 && list.check(candidate, family === 4 ? 'ipv4' : 'ipv6');
    };
    matchers.set(entries, match);
  }
  return match(normalizeAddress(address));
}
