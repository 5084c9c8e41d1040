import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";
import { env } from "../env";

/**
 * The header through which the server entry tells Next.js (the panel's sign-in) the
 * client's address. Whatever a client sends under this name is overwritten.
 */
export const CLIENT_ADDRESS_HEADER = "x-b2b-client-address";

let trust: ((address: string, hop: number) => boolean) | undefined;

/**
 * TRUST_PROXY decides whose X-Forwarded-For is believed: unset or `false` nobody's
 * (the client is the connection's peer), a number the nearest N hops, or a list of
 * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function compileTrust(setting: string | undefined): (address: string, hop: number) => boolean {
  const value = setting?.trim() ?? "";
  if (value === "" || value === "false") return () => false;
  if (value === "true") return () => true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
}

/** The client's address: the peer, or the first untrusted address of X-Forwarded-For. */
export function clientAddressOf(req: IncomingMessage): string {
  trust ??= compileTrust(env().TRUST_PROXY);
  return proxyAddr(req, trust);
}
