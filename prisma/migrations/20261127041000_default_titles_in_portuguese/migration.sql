-- An org's default statuses are titled in its language (Portuguese first): the English
-- defaults every existing org started with are renamed, but only those a person never
-- changed (the title is still the default and no update of the status was ever audited).
UPDATE "statuses" AS s
SET "title" = renamed.title, "search_text" = lower(renamed.title)
FROM (VALUES
  ('ORDER', 'new', 'Novo'),
  ('ORDER', 'confirmed', 'Confirmado'),
  ('ORDER', 'invoiced', 'Faturado'),
  ('ORDER', 'shipped', 'Enviado'),
  ('ORDER', 'delivered', 'Entregue'),
  ('ORDER', 'canceled', 'Cancelado'),
  ('SALE', 'pending', 'Pendente'),
  ('SALE', 'paid', 'Pago'),
  ('SALE', 'canceled', 'Cancelado'),
  ('FINANCIAL', 'open', 'Em aberto'),
  ('FINANCIAL', 'paid', 'Pago'),
  ('FINANCIAL', 'partially paid', 'Pago parcialmente'),
  ('FINANCIAL', 'overdue', 'Vencido'),
  ('FINANCIAL', 'reversed', 'Estornado'),
  ('FINANCIAL', 'canceled', 'Cancelado')
) AS renamed(type, english, title)
WHERE s."type"::text = renamed.type
  AND s."title" = renamed.english
  AND NOT EXISTS (
    SELECT 1 FROM "audit_events" AS a
    WHERE a."organization_id" = s."organization_id" AND a."entity" = 'status' AND a."entity_id" = s."id" AND a."action" = 'update'
  );

-- The first ADMIN an org was made with, under the default name nobody changed.
UPDATE "users" AS u
SET "name" = 'Administrador(a)', "search_text" = lower('administrador(a) ' || u."email")
WHERE u."name" = 'Administrator'
  AND u."role" = 'ADMIN'
  AND u."id" = (SELECT first."id" FROM "users" AS first WHERE first."organization_id" = u."organization_id" ORDER BY first."created_at", first."id" LIMIT 1)
  AND NOT EXISTS (
    SELECT 1 FROM "audit_events" AS a
    WHERE a."organization_id" = u."organization_id" AND a."entity" = 'user' AND a."entity_id" = u."id" AND a."action" = 'update'
  );
