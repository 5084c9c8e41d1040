import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * SSRF protection for webhook endpoints (contract §7): an endpoint must not reach the
 * service's own network. An address is refused when it is loopback, private, link-local,
 * CGNAT, multicast, reserved or documentation space, an IPv6 unique-local, link-local or
 * loopback address, or an IPv6 form that embeds a refused IPv4 address (IPv4-mapped,
 * IPv4-translated, IPv4-compatible, NAT64, 6to4, ISATAP). `WEBHOOK_ALLOW_PRIVATE=true` lifts the rule (local
 * integrations, tests).
 *
 * Checked twice: when an endpoint is written (its host name is resolved) and when a
 * delivery is sent, against the address the connection actually uses (the resolver is
 * wrapped, so a name that resolved to a public address at write time and to 127.0.0.1
 * later — DNS rebinding — is refused).
 */
const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT (shared address space)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  refusedV4.addSubnet(network, prefix, "ipv4");
}

const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): translates to whatever the local network chose
  ["fc00::", 7], // unique local (ULA)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  refusedV6.addSubnet(network, prefix, "ipv6");
}

/** The 16 bytes of an IPv6 address (valid input only: `isIP(address) === 6`). */
function ipv6Bytes(address: string): number[] {
  let text = address.split("%")[0]!.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted.slice(1, 5).map(Number));
    text = text.slice(0, dotted.index) + "0:0";
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(":").filter((group) => group !== "") : []);
  const left = groups(head);
  const right = groups(rest);
  const words = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right].map((group) => parseInt(group, 16));
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4, ISATAP), if any. */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const v4 = (at: number) => bytes.slice(at, at + 4).join(".");
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return v4(12); // ::ffff:0:a.b.c.d (IPv4-translated, SIIT)
  if (zeros(0, 12)) return v4(12); // ::a.b.c.d (IPv4-compatible, deprecated)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) return v4(12); // 64:ff9b::/96 and /48 (NAT64)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 2002:aabb:ccdd::/48 (6to4)
  // ISATAP: any prefix, then the interface id 0000:5efe or 0200:5efe and the IPv4 address.
  if ((bytes[8] === 0x00 || bytes[8] === 0x02) && bytes[9] === 0x00 && bytes[10] === 0x5e && bytes[11] === 0xfe) return v4(12);
  return undefined;
}

/** Whether a webhook may never be sent to this IP address. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refusedV4.check(address, "ipv4");
  if (family !== 6) return true;
  if (refusedV6.check(address.split("%")[0]!, "ipv6")) return true;
  const inner = embeddedIpv4(address);
  return inner !== undefined && refusedV4.check(inner, "ipv4");
}

/** Resolves a host name to every address (the shape of `dns.lookup` with `all: true`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The host of a URL as an address or name (`[::1]` → `::1`). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Why a webhook cannot be sent to these addresses, or undefined when it can. */
export function refusal(hostname: string, addresses: readonly string[]): string | undefined {
  const refused = addresses.find(isRefusedAddress);
  if (refused === undefined) return undefined;
  return refused === hostname
    ? `${hostname} is a loopback, private, link-local or reserved address`
    : `${hostname} resolves to ${refused}, a loopback, private, link-local or reserved address`;
}

export class RefusedAddressError extends Error {
  readonly code = "EWEBHOOKADDRESS";
  constructor(message: string) {
    super(message);
    this.name = "RefusedAddressError";
  }
}

/**
 * Checks an endpoint URL when it is written: http or https, and (unless private
 * addresses are allowed) a host that resolves only to public addresses. Answers the
 * reason it is refused, or undefined.
 */
export async function checkEndpointUrl(raw: string, options: { allowPrivate: boolean; resolve?: Resolver }): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http or https URL";
  if (options.allowPrivate) return undefined;
  const host = hostOf(url);
  if (isIP(host)) return refusal(host, [host]);
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? systemResolver)(host);
  } catch {
    return `the host ${host} does not resolve`;
  }
  if (addresses.length === 0) return `the host ${host} does not resolve`;
  return refusal(
    host,
    addresses.map((entry) => entry.address),
  );
}

/**
 * A `lookup` for http.request that resolves with `resolve` and fails the connection when
 * any address is refused: the check is made on the addresses the socket connects to, at
 * send time. Both of Node's lookup call shapes (one address, or `all`) are answered.
 */
export function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`the host ${hostname} does not resolve`), { code: "ENOTFOUND" }), "");
          return;
        }
        const reason = allowPrivate
          ? undefined
          : refusal(
              hostname,
              found.map((entry) => entry.address),
            );
        if (reason) {
          callback(new RefusedAddressError(reason), "");
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
