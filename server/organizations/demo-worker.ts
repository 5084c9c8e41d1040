import type { PrismaClient } from "../generated/prisma/client";
import type { FileStorage } from "../files/storage";
import { log } from "../log";
import { demoReporter, seedDemoData, unfinishedDemos } from "./demo-data";

/**
 * Writes the demo data the app's orgs are owed (a first start's, or one a restart cut
 * short) in the background, once the server listens: a step at a time, each in its own
 * short transaction, so requests are answered meanwhile. The terminal says what it is
 * doing ("Dados de demonstração: vendas 120/300"), a line per stage and every 30 sales.
 * Requests come first: a step waits while `busy` (requests in flight) says so. `stop` lets the
 * step being written finish, then stops: the next start goes on from there.
 */
export function startDemo(prisma: PrismaClient, files: FileStorage, busy: () => boolean = () => false): { stop(): Promise<void> } {
  let stopping = false;
  const running = (async () => {
    for (const organizationId of await unfinishedDemos(prisma)) {
      const started = performance.now();
      const onProgress = demoReporter((line, progress) => {
        const ms = progress.status === "DONE" ? Math.round(performance.now() - started) : undefined;
        log().info({ organizationId, demo: progress, ms }, line);
      });
      try {
        await seedDemoData(prisma, organizationId, { onProgress, busy, files, stopping: () => stopping });
      } catch (error) {
        log().error(
          { organizationId, err: error },
          "Dados de demonstração: não foi possível criá-los; o painel funciona sem eles (o próximo início tenta de novo)",
        );
      }
    }
  })().catch((error: unknown) => log().error({ err: error }, "the demo data could not be resumed"));
  return {
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}
