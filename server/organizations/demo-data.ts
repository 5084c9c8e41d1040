import { seedTaxesDemo } from "./taxes-demo";
import type { PrismaClient } from "../generated/prisma/client";
import { forOrganization, type Db } from "../db/scoped";
import { transaction } from "../db/transaction";
import { brands } from "../catalog/brands/service";
import { seedCatalogDemo } from "../catalog/demo-data";
import { seedInsightsDemo } from "../insights/demo-data";
import { seedCreditDemo, seedPartiesDemo } from "../parties/demo-data";
import { seedOrdersDemo } from "../orders/demo-data";
import { demoSalesPlan, seedSalesChannelsDemo, writeDemoSales, DEMO_SALES, type DemoSalesPlan } from "../sales/demo-data";
import { seedPricingDemo } from "../pricing/demo-data";
import { seedSettingsDemo } from "../settings/demo-data";
import { seedStockDemo } from "../stock/demo-data";
import { demoStart } from "./service";
import { configuredStorage, type FileStorage } from "../files/storage";
import { seedNfeDemo } from "../fiscal/nfe/demo-data";

/**
 * The demo data of a fresh org, written as a list of steps, each in a transaction of its
 * own that also counts it done on the org (`demo_step`): a first start serves requests while
 * the demo is written in the background (server/app.ts), a page opened meanwhile shows what
 * is committed, and a restart in the middle goes on from the last step committed — nothing
 * is ever half written. Every step writes through the services (the same checks as the API),
 * the sales in small batches through the sales service itself.
 */

const demoBrands = [
  { name: "Acme Ferramentas", active: true },
  { name: "Bosch", active: true },
  { name: "Makita", active: true },
  { name: "Tramontina", active: true },
  { name: "Vonder", active: true },
  { name: "Stanley", active: true },
  { name: "Black+Decker", active: true },
  { name: "Irwin", active: true },
  { name: "Gedore", active: false },
  { name: "Starrett", active: true },
  { name: "São Jorge Utilidades", active: true },
  { name: "DeWalt", active: true },
];

/** What a step writes, as the panel's banner and the terminal name it. */
export const DEMO_STAGES = [
  "catalog",
  "parties",
  "settings",
  "stock",
  "orders",
  "sales",
  "credit",
  "insights",
  "pricing",
  "taxes",
  "nfe",
] as const;
export type DemoStage = (typeof DEMO_STAGES)[number];

/** The terminal's words for each stage (the panel's are in messages/*.json, `demo.stages`). */
const STAGE_WORDS: Record<DemoStage, string> = {
  catalog: "catálogo",
  parties: "empresas, vendedores e clientes",
  settings: "formas de pagamento e entrega",
  stock: "estoque",
  orders: "pedidos",
  sales: "vendas",
  credit: "crédito",
  insights: "funil de vendas",
  pricing: "tabelas de preço e descontos",
  taxes: "tributação",
  nfe: "NF-e",
};

/** Sales written per step: each step holds the embedded database's one connection only this long. */
const SALES_PER_STEP = 5;

/** What the steps share within one run (the sales plan is drawn once, then written step by step). */
interface DemoRun {
  now: Date;
  /** Where the NF-e's XML is kept. */
  files: FileStorage;
  sales?: DemoSalesPlan;
}

interface DemoStep {
  stage: DemoStage;
  /** How much of the stage is written once this step is (the sales written so far), of `total`. */
  done: number;
  total: number;
  run(db: Db, demo: DemoRun): Promise<void>;
}

const salesPlanOf = async (db: Db, demo: DemoRun) => (demo.sales ??= await demoSalesPlan(db, demo.now));

/** Every step of the demo, in order. */
function demoSteps(): DemoStep[] {
  const one = (stage: DemoStage, run: DemoStep["run"]): DemoStep => ({ stage, done: 1, total: 1, run });
  const sales: DemoStep[] = [];
  for (let from = 0; from < DEMO_SALES; from += SALES_PER_STEP) {
    const to = Math.min(from + SALES_PER_STEP, DEMO_SALES);
    sales.push({
      stage: "sales",
      done: to,
      total: DEMO_SALES,
      run: async (db, demo) => {
        if (from === 0) await seedSalesChannelsDemo(db);
        await writeDemoSales(db, await salesPlanOf(db, demo), from, to);
      },
    });
  }
  return [
    one("catalog", async (db) => {
      for (const brand of demoBrands) await brands.service.create(db, { ...brand, images: [], attributes: {} });
      await seedCatalogDemo(db);
    }),
    one("parties", (db) => seedPartiesDemo(db)),
    one("settings", (db) => seedSettingsDemo(db)),
    one("stock", (db) => seedStockDemo(db)),
    one("orders", (db) => seedOrdersDemo(db)),
    ...sales,
    one("credit", (db) => seedCreditDemo(db)),
    one("insights", async (db, demo) => void (await seedInsightsDemo(db, demo.now))),
    one("pricing", (db) => seedPricingDemo(db)),
    one("taxes", (db) => seedTaxesDemo(db)),
    one("nfe", (db, demo) => seedNfeDemo(db, demo.files)),
  ];
}

const STEPS = demoSteps();

/** Where an org's demo stands, for the panel's banner (`demo.status`) and the terminal. */
export interface DemoProgress {
  status: "RUNNING" | "DONE" | "FAILED";
  stage: DemoStage;
  /** How much of the stage is written, of `total` (the sales: how many of them). */
  done: number;
  total: number;
  /** The steps written, of every step: the whole demo's progress. */
  step: number;
  steps: number;
}

/** The progress of a demo that has written `step` steps: the stage it is writing, and how much of it is written. */
export function demoProgress(status: DemoProgress["status"], step: number): DemoProgress {
  const steps = STEPS.length;
  if (step >= steps) {
    const last = STEPS[steps - 1]!;
    return { status, stage: last.stage, done: last.total, total: last.total, step: steps, steps };
  }
  const next = STEPS[step]!;
  const before = STEPS[step - 1];
  return { status, stage: next.stage, done: before?.stage === next.stage ? before.done : 0, total: next.total, step, steps };
}

/** Where the demo of the caller's org stands (null: it has none). */
export async function demoStatusOf(db: Db): Promise<DemoProgress | null> {
  const org = await db.organization.findUnique({ where: { id: db.$organizationId }, select: { demo_status: true, demo_step: true } });
  return org?.demo_status ? demoProgress(org.demo_status, org.demo_step) : null;
}

/** The terminal's line for a demo's progress: "Dados de demonstração: vendas 120/300". */
export function demoProgressLine(progress: DemoProgress): string {
  if (progress.status === "DONE") return "Dados de demonstração: prontos";
  const words = STAGE_WORDS[progress.stage];
  return progress.total > 1 ? `Dados de demonstração: ${words} ${progress.done}/${progress.total}` : `Dados de demonstração: ${words}`;
}

/**
 * An `onProgress` that says a line (`demoProgressLine`) when a stage begins, every 30 sales
 * and at the end: what the terminal shows while the demo is written.
 */
export function demoReporter(say: (line: string, progress: DemoProgress) => void): (progress: DemoProgress) => void {
  let said: DemoProgress | undefined;
  return (progress) => {
    if (said && said.stage === progress.stage && progress.done - said.done < 30 && progress.status !== "DONE") return;
    said = progress;
    say(demoProgressLine(progress), progress);
  };
}

/** Another process (an instance on the same PostgreSQL) wrote the step first: it goes on with the demo. */
class TakenOver extends Error {}

export interface DemoOptions {
  /** Called after every step written. */
  onProgress?: (progress: DemoProgress) => void;
  /** Checked before each step: true stops the run between two steps (shutdown); a later run goes on from there. */
  stopping?: () => boolean;
  /** Whether requests are being answered: the next step waits for them (the embedded database has one connection). */
  busy?: () => boolean;
  /** Where files are kept (the NF-e's XML); default the storage the environment names. */
  files?: FileStorage;
}

/**
 * Writes the org's demo data from where it stands, step by step, each in a transaction that
 * claims the step on the org's row first (`demo_step`: an instance that finds it taken stops,
 * the other one goes on). An org that never had a demo and holds no records gets one (the CLI's
 * `db:seed`); one whose demo is done gets nothing. A failure is kept on the org (`FAILED`,
 * with why) and thrown; a later run tries again from the step that failed. Answers whether
 * the demo is complete.
 */
export async function seedDemoData(prisma: PrismaClient, organizationId: string, options: DemoOptions = {}): Promise<boolean> {
  const db = forOrganization(prisma, organizationId);
  const select = { demo_status: true, demo_step: true, demo_started_at: true } as const;
  let org = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select });
  if (org.demo_status === "DONE") return false;
  if (org.demo_status === null) {
    if ((await db.brand.count()) > 0) return false;
    org = await prisma.organization.update({ where: { id: organizationId }, data: demoStart(), select });
  }
  const demo: DemoRun = { now: org.demo_started_at ?? new Date(), files: options.files ?? configuredStorage() };
  if (org.demo_step < STEPS.length) options.onProgress?.(demoProgress("RUNNING", org.demo_step));
  for (let step = org.demo_step; step < STEPS.length; step++) {
    if (options.stopping?.()) return false;
    const last = step === STEPS.length - 1;
    try {
      await transaction(
        db,
        async (tx) => {
          const claimed = await tx.organization.updateMany({
            where: { id: organizationId, demo_step: step, demo_status: { in: ["RUNNING", "FAILED"] } },
            data: { demo_step: step + 1, demo_status: last ? "DONE" : "RUNNING", demo_error: null },
          });
          if (claimed.count === 0) throw new TakenOver();
          await STEPS[step]!.run(tx, demo);
        },
        {},
        { timeout: 120_000 },
      );
    } catch (error) {
      if (error instanceof TakenOver) return false;
      const reason = error instanceof Error ? error.message : String(error);
      await prisma.organization
        .updateMany({ where: { id: organizationId, demo_step: step }, data: { demo_status: "FAILED", demo_error: reason.slice(0, 2000) } })
        .catch(() => undefined);
      throw error;
    }
    options.onProgress?.(demoProgress(last ? "DONE" : "RUNNING", step + 1));
    // The embedded engine answers without I/O: a chain of its queries never gives the event
    // loop a turn. Between steps the server accepts the requests that came meanwhile, and
    // answers them before the next step (up to a second: a stream of requests slows the demo, never stops it).
    await new Promise((resolve) => setImmediate(resolve));
    for (let waited = 0; options.busy?.() && waited < 1_000; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/** The orgs whose demo is not done yet (a first start interrupted, or one that failed): the app resumes them. */
export async function unfinishedDemos(prisma: PrismaClient): Promise<string[]> {
  const orgs = await prisma.organization.findMany({
    where: { demo_status: { in: ["RUNNING", "FAILED"] } },
    select: { id: true },
    orderBy: { created_at: "asc" },
  });
  return orgs.map((org) => org.id);
}
