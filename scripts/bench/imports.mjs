// Contract §14 in `npm run bench` (BENCH_ONLY=imports): 50,000 product rows in a Windows-1252
// CSV (`;`, `1.234,56`, brand, category and unit by name) imported through the built app —
// checked (read in the worker thread, each row checked as POST /products checks one) and
// applied (one transaction) — while GET /brands/{id} is loaded from 10 connections; the
// same load alone first. Figures: seconds to check and to apply, the app's RSS at its peak
// (sampled every 200 ms), the by-id p99 alone and during each phase.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { api, benchOrg } from "./org.mjs";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS) || 50_000;
const CONNECTIONS = 10;
export const IMPORT_TARGETS = { checkSeconds: 30, applySeconds: 60, rssMb: 400, p99Ratio: 3 };

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

/** The file an old ERP exports: Windows-1252 (every character here is Latin-1), `;`, CRLF, pt-BR decimals. */
function productsCsv(run, brand, category) {
  const lines = ["Nome;SKU;Marca;Categoria;NCM;Origem;Unidade;Preço;Peso;EAN;Ativo"];
  for (let index = 0; index < ROWS; index++) {
    const reais = 10 + (index % 5000);
    const price = `${reais >= 1000 ? `${Math.floor(reais / 1000)}.${String(reais % 1000).padStart(3, "0")}` : reais},${String(index % 100).padStart(2, "0")}`;
    lines.push(
      [
        `Parafuso sextavado açúcar nº ${index}`,
        `IMP-${run}-${index}`,
        brand,
        category,
        "7318.15.00",
        "0",
        "UN",
        price,
        "0,125",
        "",
        index % 10 === 0 ? "Não" : "Sim",
      ].join(";"),
    );
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1");
}

function startLoad(base, token, path) {
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: 600,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: "GET", path }],
  });
  const done = new Promise((resolve) => instance.on("done", resolve));
  return {
    async stop() {
      instance.stop();
      const result = await done;
      return {
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: Math.round(result.requests.average),
        errors: result.errors,
        non2xx: result.non2xx,
      };
    },
  };
}

async function until(base, token, id, statuses, sample) {
  for (;;) {
    sample();
    const record = (await api(base, token, "GET", `/imports/${id}`)).json;
    if (statuses.includes(record.status)) return record;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runImportsBench({ root, databaseUrl, base, pid }) {
  const org = await benchOrg({ root, databaseUrl, base, name: "Bench Importação" });
  const { token } = org;
  const brand = (await api(base, token, "POST", "/brands", { name: "Marca Importada", active: true })).json;
  await api(base, token, "POST", "/categories", { name: "Fixadores", root_id: null, active: true });
  await api(base, token, "POST", "/measure-units", { abbreviation: "UN", description: "Unidade", decimals_for_quantity: 0, active: true });
  const file = productsCsv(Date.now().toString(36), brand.name, "Fixadores");
  const path = `/api/b2b/brands/${brand.id}`;

  const alone = startLoad(base, token, path);
  await new Promise((resolve) => setTimeout(resolve, 8000));
  const quiet = await alone.stop();

  let peak = rssMb(pid);
  const sample = () => (peak = Math.max(peak, rssMb(pid)));
  const timer = setInterval(sample, 200);
  const form = new FormData();
  form.append("kind", "products");
  form.append("file", new Blob([file]), "produtos.csv");
  const checking = startLoad(base, token, path);
  const started = performance.now();
  const posted = await fetch(`${base}/api/b2b/imports`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const { id } = await posted.json();
  const ready = await until(base, token, id, ["READY", "FAILED"], sample);
  const checkSeconds = (performance.now() - started) / 1000;
  const checkPeak = peak;
  const duringCheck = await checking.stop();

  const applying = startLoad(base, token, path);
  const applyStarted = performance.now();
  const applied = await api(base, token, "POST", `/imports/${id}/apply`, { skip_invalid: true });
  const done = applied.status === 202 ? await until(base, token, id, ["DONE", "FAILED"], sample) : applied.json;
  const applySeconds = (performance.now() - applyStarted) / 1000;
  const duringApply = await applying.stop();
  clearInterval(timer);
  const figures = {
    rows: ROWS,
    bytes: file.byteLength,
    checkSeconds: Math.round(checkSeconds * 10) / 10,
    applySeconds: Math.round(applySeconds * 10) / 10,
    counts: ready.counts,
    status: done.status,
    result: done.result,
    failure: done.failure ?? ready.failure,
    rssPeakMb: peak,
    rssPeakCheckMb: checkPeak,
    quiet,
    duringCheck,
    duringApply,
  };
  return figures;
}

export function printImports(f) {
  console.log(
    `  ${f.rows} product rows (${Math.round(f.bytes / 1024)} KiB, Windows-1252 CSV): checked in ${f.checkSeconds} s, applied in ${f.applySeconds} s (${f.status}${f.failure ? `: ${f.failure.message}` : ""})`,
  );
  console.log(
    `  counts ${JSON.stringify(f.counts)}, result ${JSON.stringify(f.result)}, app RSS peak ${f.rssPeakMb} MB (while checking ${f.rssPeakCheckMb} MB)`,
  );
  console.log(
    `  GET /brands/{id} from ${CONNECTIONS} connections: alone p50 ${f.quiet.p50} / p99 ${f.quiet.p99} ms (${f.quiet.rps}/s); during the check p99 ${f.duringCheck.p99} ms (${f.duringCheck.rps}/s); during the apply p99 ${f.duringApply.p99} ms (${f.duringApply.rps}/s)`,
  );
}

export function importsTargets(f) {
  const worst = Math.max(f.duringCheck.p99, f.duringApply.p99);
  return [
    [
      `imports: ${f.rows} rows checked in ≤ ${IMPORT_TARGETS.checkSeconds} s (${f.checkSeconds} s)`,
      f.checkSeconds <= IMPORT_TARGETS.checkSeconds && f.counts?.create === f.rows,
    ],
    [
      `imports: applied in ≤ ${IMPORT_TARGETS.applySeconds} s (${f.applySeconds} s)`,
      f.applySeconds <= IMPORT_TARGETS.applySeconds && f.status === "DONE",
    ],
    [`imports: app RSS ≤ ${IMPORT_TARGETS.rssMb} MB during it (${f.rssPeakMb} MB)`, f.rssPeakMb <= IMPORT_TARGETS.rssMb],
    [
      `imports: GET /brands/{id} p99 during ≤ ${IMPORT_TARGETS.p99Ratio}× alone (${worst} vs ${f.quiet.p99} ms)`,
      worst <= IMPORT_TARGETS.p99Ratio * Math.max(f.quiet.p99, 1),
    ],
  ];
}
