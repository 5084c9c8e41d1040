/**
 * Manages orgs, users and the database outside the API:  npm run cli -- <command> [options]
 * Run `npm run cli -- --help` for the list. With the embedded database, the CLI refuses
 * to open it while the server holds it (stop the server, or use PostgreSQL).
 */
import { parseArgs } from "node:util";
import { forgetLoginThrottles } from "../server/auth/login-throttle";
import { openConfiguredDatabase, openMigratedDatabase } from "../server/db";
import { startDatabase } from "../server/organizations/bootstrap";
import { DatabaseInUseError, type Database } from "../server/db/connection";
import { migrate } from "../server/db/migrator";
import { forOrganization } from "../server/db/scoped";
import { transaction } from "../server/db/transaction";
import { EnvError } from "../server/env";
import { AppError } from "../server/errors";
import { rebuildInsights } from "../server/insights/rebuild";
import { reserveOpenOrders } from "../server/orders/orders/reserve-open";
import { demoReporter, seedDemoData } from "../server/organizations/demo-data";
import { createOrganization } from "../server/organizations/service";
import { isOrgLanguage, ORG_LANGUAGES } from "../server/settings/statuses/service";

/** The demo's progress on stderr (stdout holds the command's JSON answer). */
const sayProgress = (line: string) => console.error(line);

interface Command {
  summary: string;
  usage: string;
  options: Record<string, { type: "string" | "boolean"; description: string; required?: boolean }>;
  run(values: Record<string, string | boolean | undefined>): Promise<unknown>;
}

async function withDatabase<T>(open: () => Promise<Database>, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const commands: Record<string, Command> = {
  "org:create": {
    summary: "Create an org with its first ADMIN; prints the org as JSON",
    usage:
      "org:create --name <name> --admin-email <email> --admin-password <password> [--admin-name <name>] [--language pt-BR|en] [--demo-data]",
    options: {
      name: { type: "string", description: "the org's name", required: true },
      "admin-email": { type: "string", description: "email of the first ADMIN", required: true },
      "admin-password": { type: "string", description: "password of the first ADMIN (8+ characters)", required: true },
      "admin-name": { type: "string", description: "name of the first ADMIN (default: Administrador(a), Administrator in en)" },
      language: { type: "string", description: "what the org's default statuses are titled in: pt-BR (default) or en" },
      "demo-data": { type: "boolean", description: "also create demo records in the new org" },
    },
    run: (values) =>
      withDatabase(openMigratedDatabase, async ({ prisma }) => {
        const language = values.language === undefined ? undefined : String(values.language);
        if (language !== undefined && !isOrgLanguage(language)) throw new Error(`--language must be one of: ${ORG_LANGUAGES.join(", ")}`);
        const { organization, admin } = await createOrganization(prisma, {
          name: String(values.name),
          language,
          admin: {
            email: String(values["admin-email"]),
            password: String(values["admin-password"]),
            name: values["admin-name"] as string | undefined,
          },
          demo: Boolean(values["demo-data"]),
        });
        if (values["demo-data"]) await seedDemoData(prisma, organization.id, { onProgress: demoReporter(sayProgress) });
        return { id: organization.id, name: organization.name, admin: { id: admin.id, email: admin.email } };
      }),
  },
  "db:setup": {
    summary:
      "What the server does on start: apply migrations and, on an empty database, create the first org and ADMIN from ADMIN_EMAIL / ADMIN_PASSWORD",
    usage: "db:setup",
    options: {},
    run: () =>
      withDatabase(startDatabase, async ({ prisma }) => ({
        organizations: await prisma.organization.count(),
      })),
  },
  "db:migrate": {
    summary: "Apply pending migrations (prisma/migrations) and report what was applied",
    usage: "db:migrate",
    options: {},
    run: () =>
      withDatabase(openConfiguredDatabase, async (database) => ({
        applied: await database.withSession((session) => migrate(session)),
      })),
  },
  "db:seed": {
    summary: "Create demo records in an org that has none, or finish the demo a start left unwritten (default: the first org)",
    usage: "db:seed [--org <id>]",
    options: { org: { type: "string", description: "the org's id" } },
    run: (values) =>
      withDatabase(openMigratedDatabase, async ({ prisma }) => {
        const organization = values.org
          ? await prisma.organization.findUnique({ where: { id: String(values.org) } })
          : await prisma.organization.findFirst({ orderBy: { created_at: "asc" } });
        if (!organization) throw new AppError("not_found", "Organization not found");
        return {
          organization_id: organization.id,
          seeded: await seedDemoData(prisma, organization.id, { onProgress: demoReporter(sayProgress) }),
        };
      }),
  },
  "auth:unthrottle": {
    summary: "Forget every sign-in count (contract §2's throttling), e.g. after an office's failed attempts locked its address out",
    usage: "auth:unthrottle",
    options: {},
    run: () => withDatabase(openMigratedDatabase, async ({ prisma }) => ({ forgotten: await forgetLoginThrottles(prisma) })),
  },
  "insights:rebuild": {
    summary: "Recompute the sales funnel and most-sold rollups from the stored events and sales (every org, or one)",
    usage: "insights:rebuild [--org <id>]",
    options: { org: { type: "string", description: "the org's id" } },
    run: (values) =>
      withDatabase(openMigratedDatabase, async ({ prisma }) => {
        const organizations = await prisma.organization.findMany({
          where: values.org ? { id: String(values.org) } : {},
          select: { id: true },
        });
        if (values.org && organizations.length === 0) throw new AppError("not_found", "Organization not found");
        const started = Date.now();
        for (const { id } of organizations) {
          await transaction(forOrganization(prisma, id), (tx) => rebuildInsights(tx), {}, { timeout: 30 * 60_000 });
        }
        return { organizations: organizations.length, ms: Date.now() - started };
      }),
  },
  "orders:reserve-open": {
    summary:
      "Reserve stock for open and confirmed orders written before orders moved stock (contract §10), oldest first; lists those stock could not cover",
    usage: "orders:reserve-open [--org <id>]",
    options: { org: { type: "string", description: "the org's id (default: every org)" } },
    run: (values) =>
      withDatabase(openMigratedDatabase, ({ prisma }) =>
        reserveOpenOrders(prisma, typeof values.org === "string" ? values.org : undefined),
      ),
  },
};

function help(): string {
  const lines = ["Usage: npm run cli -- <command> [options]", "", "Commands:"];
  for (const [name, command] of Object.entries(commands)) {
    lines.push(`  ${name.padEnd(20)} ${command.summary}`, `  ${"".padEnd(20)} ${command.usage}`);
    for (const [option, spec] of Object.entries(command.options)) {
      lines.push(`  ${"".padEnd(22)} --${option}${spec.required ? " (required)" : ""}: ${spec.description}`);
    }
  }
  lines.push("", "Environment: DATABASE_URL (PostgreSQL; unset = embedded PGlite in DATA_DIR, default .data).");
  return lines.join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(help());
    return 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(Object.entries(command.options).map(([key, spec]) => [key, { type: spec.type }])),
    strict: true,
  });
  const missing = Object.entries(command.options).filter(([key, spec]) => spec.required && values[key] === undefined);
  if (missing.length > 0) {
    console.error(`Missing ${missing.map(([key]) => `--${key}`).join(", ")}.\nUsage: npm run cli -- ${command.usage}`);
    return 2;
  }
  console.log(JSON.stringify(await command.run(values), null, 2));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DatabaseInUseError || error instanceof EnvError || error instanceof AppError) {
      console.error(`Error: ${error.message}`);
    } else if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`Error: ${error.message}\n\n${help()}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
