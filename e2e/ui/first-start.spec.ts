import { spawn } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures";

/**
 * A newcomer's first start (`npm start` on an empty `.data/`): the org and its admin are there at
 * once, the demo data is written behind while the panel serves, and the panel says so in a bar
 * under the header — what is being written and how far — while the pages show what exists.
 */
test("a first start serves the panel at once, with a bar that says the demo data is being written", async ({ page }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "b2b-first-start-"));
  const port = 3393;
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    NODE_ENV: "production",
  };
  Reflect.deleteProperty(env, "DATABASE_URL");
  Reflect.deleteProperty(env, "DEMO_DATA");
  const child = spawn(process.execPath, ["dist/server.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await expect
      .poll(async () => (await page.request.get(`${base}/api/ready`).catch(() => undefined))?.status(), { timeout: 90_000 })
      .toBe(200);
    await page.goto(`${base}/sign-in?callbackUrl=${encodeURIComponent("/brands")}`);
    await page.getByLabel("E-mail").fill("admin@example.com");
    await page.getByLabel("Senha").fill("admin12345");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Marcas", level: 1 })).toBeVisible();
    const banner = page.getByRole("status").filter({ hasText: "Criando dados de demonstração…" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("progressbar", { name: /Dados de demonstração: \d+%/ })).toBeVisible();
    // Read out to screen readers as a status, legible (axe: no serious or critical finding in the bar).
    const axe = await new AxeBuilder({ page }).include('[role="status"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
    // At a phone's width the bar wraps instead of pushing the page sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The terminal says what it is doing, stage by stage.
    await expect.poll(() => output.join(""), { timeout: 60_000 }).toMatch(/Dados de demonstração: (catálogo|empresas|vendas \d+\/300)/);
    // The list shows what is written already (the brands come first), never an error.
    await expect(page.getByRole("table", { name: "Marcas" })).toBeVisible();
    expect(child.exitCode, output.join("")).toBeNull();
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(undefined)));
    rmSync(dir, { recursive: true, force: true });
  }
});
