-- Orders have a number in their org ("Pedido nº 1.234"). Existing orders are numbered in
-- the order they were created; each org gets its own sequence, which continues after them.
-- A sequence never hands a number out twice, on any instance, and nobody waits on it.
ALTER TABLE "orders" ADD COLUMN "number" INTEGER;

UPDATE "orders" AS o
SET "number" = numbered.number
FROM (
  SELECT id, row_number() OVER (PARTITION BY organization_id ORDER BY created_at, id) AS number
  FROM "orders"
) AS numbered
WHERE o.id = numbered.id;

ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "orders_organization_id_number_key" ON "orders"("organization_id", "number");

DO $$
DECLARE
  org RECORD;
BEGIN
  FOR org IN
    SELECT organizations.id, COALESCE(MAX(orders.number), 0) AS last
    FROM organizations LEFT JOIN orders ON orders.organization_id = organizations.id
    GROUP BY organizations.id
  LOOP
    EXECUTE format('CREATE SEQUENCE %I START WITH %s', 'order_number_' || replace(org.id::text, '-', ''), org.last + 1);
  END LOOP;
END $$;
