// What the order-writing scenarios of `npm run bench` share: an org of their own (made with
// the CLI, signed in), REST calls that fail loudly, valid CNPJs, and the default company and
// warehouse orders take their stock from (contract §10).
import { spawnSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, ...CNPJ_WEIGHTS_1];
const digit = (digits, weights) => {
  const rest = weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
};

/** A valid CNPJ (branch 0001). */
export function cnpj() {
  const base = `${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`;
  const first = `${base}${digit(base, CNPJ_WEIGHTS_1)}`;
  return `${first}${digit(first, CNPJ_WEIGHTS_2)}`;
}

export function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

/** A REST call that must succeed: its status and JSON body. */
export async function api(base, token, method, path, body) {
  const response = await fetch(`${base}/api/b2b${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** A warehouse's body for POST /warehouses. */
export const warehouseBody = (name) => ({
  name,
  address_type: "COMMERCIAL",
  street: "Rua",
  number: "1",
  complement: "",
  neighborhood: "Centro",
  city: "Campinas",
  state: "SP",
  country: "BR",
  postal_code: "13010-000",
  active: true,
});

/**
 * An org of the scenario's own (no demo data), its admin's token, and its default company
 * and warehouse: where the orders and sales it writes take their stock from.
 */
export async function benchOrg({ root, databaseUrl, base, name }) {
  const email = `bench-${randomBytes(4).toString("hex")}@bench.example`;
  const password = "bench-password-1";
  const created = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/cli.ts", "org:create", "--name", name, "--admin-email", email, "--admin-password", password],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_DATA: "false" }, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(`org:create failed: ${created.stderr}`);
  const login = await fetch(`${base}/api/b2b/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { access_token: token } = await login.json();
  const company = (
    await api(base, token, "POST", "/companies", { name: `${name} Ltda`, fiscal_registration_number: cnpj(), is_default: true })
  ).json;
  const warehouse = (await api(base, token, "POST", "/warehouses", { ...warehouseBody(`CD ${name}`), is_default: true })).json;
  return { token, company: company.id, warehouse: warehouse.id };
}

/** Sets the stock of products in the org's default company and warehouse: `totals[i]` of `products[i]`. */
export async function stockProducts(base, org, products, totals) {
  const records = (
    await api(base, org.token, "PUT", "/stock/override", {
      items: products.map((product_id, index) => ({
        company_id: org.company,
        warehouse_id: org.warehouse,
        product_id,
        total: totals[index],
      })),
      reason: "bench start",
    })
  ).json;
  return records.map((record) => record.id);
}
