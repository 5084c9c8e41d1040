import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Next.js behind the app's own server (Next's documented custom server): the panel's
 * pages, its assets and next-auth. It is loaded and prepared on the first request that
 * needs it (in development, right after the server listens): the API answers from the
 * start without waiting for it, and an instance that only serves the API never holds it
 * in memory. The first page asked for waits for it (about a second).
 */
export interface Panel {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  prepare(): Promise<void>;
  close(): Promise<void>;
}

export function createPanel(options: { dev: boolean; hostname: string; port: number; onFailure(error: unknown): void }): Panel {
  let ready: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> | undefined;
  let close: () => Promise<void> = async () => {};
  const prepare = () =>
    (ready ??= (async () => {
      const { default: next } = await import("next");
      const app = next({ dev: options.dev, dir: process.cwd(), hostname: options.hostname, port: options.port });
      await app.prepare();
      close = () => app.close();
      const handler = app.getRequestHandler();
      return (req: IncomingMessage, res: ServerResponse) => handler(req, res);
    })().catch((error: unknown) => {
      options.onFailure(error);
      throw error;
    }));
  return {
    async handle(req, res) {
      const handler = await prepare();
      await handler(req, res);
    },
    prepare: async () => {
      await prepare();
    },
    close: () => close(),
  };
}
