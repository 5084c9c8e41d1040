import { createHmac } from "node:crypto";
import { startReceiver } from "../../tests/helpers/receiver";
import { API, expect, expectProblem, test } from "../fixtures";

/** What a receiver does with X-Signature (contract §5): HMAC-SHA256 of "<t>.<body>" with the secret as answered. */
function signatureOk(secret: string, body: string, header: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  return match !== null && createHmac("sha256", secret).update(`${match[1]}.${body}`).digest("hex") === match[2];
}

const PUBLIC_URL = "http://93.184.216.34/hooks";

test.describe("webhooks", () => {
  test("POST 201 with the secret once, GET 200, list, PUT 200 changes the fields sent, DELETE 204", async ({ request, admin }) => {
    const created = await request.post(`${API}/webhooks`, {
      headers: admin,
      data: { url: PUBLIC_URL, events: ["sale.created", "order.status-changed"], attributes: { erp: "x" } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const hook = await created.json();
    expect(Object.keys(hook).sort()).toEqual(["active", "attributes", "created_at", "events", "id", "secret", "updated_at", "url"]);
    expect(hook).toMatchObject({
      url: PUBLIC_URL,
      events: ["sale.created", "order.status-changed"],
      active: true,
      attributes: { erp: "x" },
    });
    expect(hook.secret).toMatch(/^whsec_/);

    const { secret, ...withoutSecret } = hook;
    const read = await request.get(`${API}/webhooks/${hook.id}`, { headers: admin });
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(withoutSecret);
    const list = await (await request.get(`${API}/webhooks?perPage=100&sort=created_at&dir=desc`, { headers: admin })).json();
    expect(list).toMatchObject({ currentPage: 0, perPage: 100 });
    expect(list.items.find((item: { id: string }) => item.id === hook.id)).toEqual(withoutSecret);
    expect(JSON.stringify(list)).not.toContain(secret);

    const updated = await request.put(`${API}/webhooks/${hook.id}`, { headers: admin, data: { active: false } });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: hook.id,
      url: PUBLIC_URL,
      events: ["sale.created", "order.status-changed"],
      active: false,
    });

    const removed = await request.delete(`${API}/webhooks/${hook.id}`, { headers: admin });
    expect(removed.status()).toBe(204);
    expect(await removed.text()).toBe("");
    await expectProblem(await request.get(`${API}/webhooks/${hook.id}`, { headers: admin }), 404);
    await expectProblem(await request.delete(`${API}/webhooks/${hook.id}`, { headers: admin }), 404);
  });

  test("422 for bad URLs and events; 403 for other roles; 404 for another org", async ({ request, admin, otherAdmin, keyFor }) => {
    const invalid = await expectProblem(
      await request.post(`${API}/webhooks`, { headers: admin, data: { url: "ftp://x.example/", events: ["nope"] } }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["events.0", "url"]);
    await expectProblem(await request.post(`${API}/webhooks`, { headers: admin, data: { url: PUBLIC_URL, events: [] } }), 422);
    const hook = await (
      await request.post(`${API}/webhooks`, { headers: admin, data: { url: PUBLIC_URL, events: ["order.created"] } })
    ).json();
    await expectProblem(
      await request.put(`${API}/webhooks/${hook.id}`, { headers: admin, data: { events: ["order.created", "order.created"] } }),
      422,
    );

    for (const role of ["MANAGER", "SELLER"] as const) {
      const headers = await keyFor(role);
      await expectProblem(await request.get(`${API}/webhooks`, { headers }), 403);
      await expectProblem(await request.post(`${API}/webhooks`, { headers, data: { url: PUBLIC_URL, events: ["order.created"] } }), 403);
      await expectProblem(await request.get(`${API}/webhooks/${hook.id}/deliveries`, { headers }), 403);
    }
    await expectProblem(await request.get(`${API}/webhooks`), 401);
    await expectProblem(await request.get(`${API}/webhooks/${hook.id}`, { headers: otherAdmin }), 404);
    await expectProblem(await request.put(`${API}/webhooks/${hook.id}`, { headers: otherAdmin, data: { active: false } }), 404);
    await expectProblem(await request.get(`${API}/webhooks/${hook.id}/deliveries`, { headers: otherAdmin }), 404);
    await expectProblem(await request.post(`${API}/webhooks/${hook.id}/test`, { headers: otherAdmin }), 404);
    await request.delete(`${API}/webhooks/${hook.id}`, { headers: admin });
  });

  test("a test event reaches a real receiver signed; the delivery log shows the attempt; redeliver sends it again (202)", async ({
    request,
    admin,
  }) => {
    const inbox = await startReceiver(() => ({ status: 200, body: "received" }));
    try {
      const hook = await (
        await request.post(`${API}/webhooks`, { headers: admin, data: { url: inbox.url, events: ["order.created"] } })
      ).json();
      const sent = await request.post(`${API}/webhooks/${hook.id}/test`, { headers: admin });
      expect(sent.status(), await sent.text()).toBe(202);
      expect(await sent.json()).toMatchObject({ deliveries: 1 });
      await inbox.waitFor(1);
      const [first] = inbox.received;
      expect(signatureOk(hook.secret, first!.body, String(first!.headers["x-signature"]))).toBe(true);
      expect(first!.headers["x-webhook-event"]).toBe("webhook.test");
      expect(JSON.parse(first!.body)).toMatchObject({ type: "webhook.test", data: { webhook_id: hook.id } });

      const deliveries = async () => (await (await request.get(`${API}/webhooks/${hook.id}/deliveries`, { headers: admin })).json()).items;
      await expect.poll(async () => (await deliveries())[0]?.status).toBe("SUCCEEDED");
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({
        id: first!.headers["x-webhook-id"],
        event_type: "webhook.test",
        attempt_count: 1,
        last_status: 200,
      });
      expect(delivery.attempts).toEqual([
        expect.objectContaining({ status_code: 200, error: null, response_excerpt: "received", duration_ms: expect.any(Number) }),
      ]);

      const again = await request.post(`${API}/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`, { headers: admin });
      expect(again.status(), await again.text()).toBe(202);
      await inbox.waitFor(2);
      expect(inbox.received.map((entry) => entry.headers["x-webhook-id"])).toEqual([delivery.id, delivery.id]);
      await expect.poll(async () => (await deliveries())[0]?.attempts.length).toBe(2);
      await request.delete(`${API}/webhooks/${hook.id}`, { headers: admin });
    } finally {
      await inbox.close();
    }
  });

  test("PUT /sales/{saleId}/call-create-order-webhook answers 404 for an unknown sale", async ({ request, admin }) => {
    await expectProblem(await request.put(`${API}/sales/${crypto.randomUUID()}/call-create-order-webhook`, { headers: admin }), 404);
  });
});
