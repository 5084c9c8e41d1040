import { API, expect, test, unique } from "../fixtures";
import { newCnpj, post, shipment } from "../ui/order-data";

/**
 * Printing large orders never holds the server (issue 30, "Availability"): PDFs render on
 * worker threads, a print beyond what the pool can queue is 503 with Retry-After at once,
 * and every other request keeps answering meanwhile.
 */
test("PDFs of 500-item orders render off the event loop: other requests keep answering, a full queue is 503 with Retry-After", async ({
  request,
  admin,
}) => {
  test.setTimeout(180_000);
  const tag = unique("PDF");
  const partner = await post(request, admin, "/partners", { name: `Cliente ${tag}`, fiscal_registration_number: newCnpj() });
  const product = await post(request, admin, "/products", { name: `Serviço ${tag}`, price: 10, track_stock: false });
  const items = Array.from({ length: 500 }, () => ({ product_id: product.id, unit_value: 10, quantity: 1 }));
  const order = await post(request, admin, "/orders", {
    partner_id: partner.id,
    negotiation_date: "2026-05-01T12:00:00.000Z",
    order_value: 5000,
    discount_value: 0,
    freight_value: 0,
    total_value: 5000,
    ...shipment,
    items,
  });

  const prints = Array.from({ length: 14 }, () => request.get(`${API}/orders/${order.id}/pdf`, { headers: admin, timeout: 170_000 }));
  // Once every print has been read from the database (the first answer is back: a refusal,
  // or a PDF), the renders go on for seconds; meanwhile the server answers everything else at once.
  await Promise.race(prints);
  const slowest = { ms: 0 };
  for (let index = 0; index < 10; index++) {
    const started = performance.now();
    expect((await request.get(`${API}/brands?perPage=5`, { headers: admin })).status()).toBe(200);
    slowest.ms = Math.max(slowest.ms, performance.now() - started);
  }
  expect(slowest.ms).toBeLessThan(500);

  const answers = await Promise.all(prints);
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
  for (const answer of answers) {
    if (answer.status() === 503) {
      expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
      expect(answer.headers()["content-type"]).toContain("application/problem+json");
    } else {
      expect(answer.headers()["content-type"]).toBe("application/pdf");
      expect((await answer.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  }
});
