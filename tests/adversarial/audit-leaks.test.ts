/**
 * The audit log tells only what its reader may read (issue 30, "Leaks"): an entry is
 * readable by who may read its record, and secrets and URL credentials never stay in it,
 * neither in new entries nor in ones written before it masked them.
 */
import { describe, expect, it } from "vitest";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

describe("the audit log", () => {
  it("a webhook's history is for admins only, and its URL's credentials are masked in every entry", async () => {
    const org = await newOrg();
    const admin = await org.bearer();
    // A public address written as an IP: accepted without resolving a name.
    const url = "https://robo:senha-do-robo@93.184.216.34/hooks/erp?token=s3cr3t-do-cliente&canal=b2b";
    const created = await call("POST", "/api/b2b/webhooks", { headers: admin, body: { url, events: ["order.created"] } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    await call("PUT", `/api/b2b/webhooks/${id}`, { headers: admin, body: { url: `${url}&v=2` } });

    for (const role of ["VIEWER", "SELLER", "MANAGER"] as const) {
      const headers = await org.bearer(role);
      expectProblem(await call("GET", `/api/b2b/webhooks/${id}`, { headers }), 403);
      expectProblem(await call("GET", `/api/b2b/audit-events?entity=webhook&entity_id=${id}`, { headers }), 403);
    }
    const history = await call("GET", `/api/b2b/audit-events?entity=webhook&entity_id=${id}`, { headers: admin });
    expect(history.status).toBe(200);
    expect(history.json.items).toHaveLength(2);
    for (const secret of ["s3cr3t-do-cliente", "senha-do-robo", "robo:", "whsec_", created.json.secret]) {
      expect(history.text).not.toContain(secret);
    }
    expect(history.json.items[1].entity_label).toBe("https://***:***@93.184.216.34/hooks/erp?token=***&canal=***");
    // At rest too: the stored rows hold no secret.
    const rows = await org.db.auditEvent.findMany({ where: { entity_id: id }, select: { entity_label: true, changes: true } });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("s3cr3t-do-cliente");
    expect(stored).not.toContain("senha-do-robo");
  });

  it("entries written before masking are masked as they are read", async () => {
    const org = await newOrg();
    const brand = await call("POST", "/api/b2b/brands", { headers: await org.bearer(), body: { name: "Marca antiga", active: true } });
    await org.db.auditEvent.create({
      data: {
        organization_id: org.organizationId,
        actor_kind: "system",
        action: "update",
        entity: "brand",
        entity_id: brand.json.id,
        entity_label: "https://erp.example/catalogo?api_key=chave-antiga",
        changes: { attributes: { from: {}, to: { feed: "https://erp.example/feed?token=antigo", erp_password: "senha-antiga" } } },
      },
    });
    const history = await call("GET", `/api/b2b/audit-events?entity=brand&entity_id=${brand.json.id}`, {
      headers: await org.bearer("VIEWER"),
    });
    expect(history.status).toBe(200);
    for (const secret of ["chave-antiga", "token=antigo", "senha-antiga"]) expect(history.text).not.toContain(secret);
    expect(history.json.items[0].changes.attributes.to).toEqual({ feed: "https://erp.example/feed?token=***", erp_password: "***" });
  });
});
