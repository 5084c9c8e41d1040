import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a test receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers its n-th request (0-based): a status (and headers), or never ("hang"). */
export type Reply = { status: number; body?: string; headers?: Record<string, string> } | "hang";

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Resolves when `count` requests have arrived in all. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
  /** Listens again on the same port (after `close`), answering with `reply`. */
  reopen(reply?: (request: Received, index: number) => Reply): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records what it gets and answers as told (200 by default). */
export async function startReceiver(
  reply: (request: Received, index: number) => Reply = () => ({ status: 200, body: "ok" }),
  port = 0,
): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let answer = reply;
  let server: Server;
  const listen = (onPort: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          const entry = { path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
          const index = received.push(entry) - 1;
          for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) waiter.resolve();
          const what = answer(entry, index);
          if (what === "hang") return;
          response.writeHead(what.status, what.headers ?? { "content-type": "text/plain" });
          response.end(what.body ?? "");
        });
      });
      server.once("error", reject);
      server.listen(onPort, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    });
  const actualPort = await listen(port);
  return {
    url: `http://127.0.0.1:${actualPort}/hooks`,
    port: actualPort,
    received,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
    async reopen(next) {
      if (next) answer = next;
      await listen(actualPort);
    },
  };
}
