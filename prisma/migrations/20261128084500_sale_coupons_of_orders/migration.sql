-- A sale's coupons are its order's (issue 41): the order holds each coupon's use and both answers
-- list the order's. A sale keeps coupon rows of its own only when it made no order (a quotation).
DELETE FROM "sale_coupons" sc
USING "orders" o
WHERE o."organization_id" = sc."organization_id" AND o."sale_id" = sc."sale_id";
