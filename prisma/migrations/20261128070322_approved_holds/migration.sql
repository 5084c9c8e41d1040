-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "approved_holds" "OrderHoldReason"[] DEFAULT ARRAY[]::"OrderHoldReason"[];

-- An order approved before this column existed keeps its approval: the reasons its last decision, an APPROVE, lifted
-- (unless it is on hold again since).
UPDATE "orders" o SET "approved_holds" = ARRAY(
    SELECT DISTINCT (h->>'reason')::"OrderHoldReason" FROM jsonb_array_elements(d."holds") AS h WHERE h ? 'reason'
  )
FROM (SELECT DISTINCT ON ("order_id") "order_id", "decision", "holds" FROM "order_decisions" ORDER BY "order_id", "created_at" DESC) d
WHERE d."order_id" = o."id" AND d."decision" = 'APPROVE' AND jsonb_typeof(d."holds") = 'array'
  AND NOT EXISTS (SELECT 1 FROM "order_holds" oh WHERE oh."order_id" = o."id");
