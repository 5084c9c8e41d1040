// The bench's baseline: a bare node:http + pg server answering the two benchmarked
// requests with the SQL the app's Prisma queries boil down to. It runs in a worker
// thread of the bench process (its own event loop, like the app's own process) and
// posts its port once listening; the message "close" stops it.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";

const { databaseUrl, token, organizationId } = workerData;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const authorization = `Bearer ${token}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DETAIL = "SELECT id, name, active, images, attributes, created_at, updated_at FROM brands WHERE id = $1 AND organization_id = $2";
const PAGE = "SELECT id, name, active, images FROM brands WHERE organization_id = $1 ORDER BY name ASC, id ASC LIMIT $2 OFFSET $3";
const COUNT = "SELECT count(*) AS total FROM brands WHERE organization_id = $1";

function send(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function handle(req, res) {
  // "Auth" the cheap way: the one known bearer token.
  if (req.headers.authorization !== authorization) return send(res, 401, { detail: "unauthorized" });
  const url = new URL(req.url, "http://baseline");
  const byId = /^\/brands\/([^/]+)$/.exec(url.pathname);
  if (req.method === "GET" && byId) {
    const id = byId[1];
    const { rows } = UUID.test(id) ? await pool.query(DETAIL, [id, organizationId]) : { rows: [] };
    return rows[0] ? send(res, 200, rows[0]) : send(res, 404, { detail: "Brand not found" });
  }
  if (req.method === "GET" && url.pathname === "/brands") {
    const page = Number(url.searchParams.get("page") ?? 0);
    const perPage = Math.min(Number(url.searchParams.get("perPage") ?? 25), 100);
    const [rows, count] = await Promise.all([
      pool.query(PAGE, [organizationId, perPage, page * perPage]),
      pool.query(COUNT, [organizationId]),
    ]);
    const items = rows.rows.map(({ id, name, active, images }) => ({
      id,
      name,
      resource_file_id: (images.find((image) => image.main) ?? images[0])?.resource_file_id ?? null,
      active,
    }));
    return send(res, 200, { currentPage: page, perPage, total: Number(count.rows[0].total), items });
  }
  send(res, 404, { detail: "not found" });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error("baseline:", error);
    if (!res.headersSent) send(res, 500, { detail: "internal error" });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));

parentPort.on("message", (message) => {
  if (message !== "close") return;
  server.closeAllConnections();
  server.close();
  pool.end().finally(() => parentPort.close());
});
