-- CreateTable
CREATE TABLE "product_sales_years" (
    "organization_id" UUID NOT NULL,
    "year" DATE NOT NULL,
    "product_id" UUID NOT NULL,
    "quantity" DECIMAL(22,4) NOT NULL,
    "total_value" DECIMAL(20,2) NOT NULL,
    "sales_count" INTEGER NOT NULL,

    CONSTRAINT "product_sales_years_pkey" PRIMARY KEY ("organization_id","year","product_id")
);

-- The years so far, from the monthly rollup (the sum of the daily one).
INSERT INTO "product_sales_years" ("organization_id", "year", "product_id", "quantity", "total_value", "sales_count")
SELECT "organization_id", date_trunc('year', "month")::date, "product_id", sum("quantity"), sum("total_value"), sum("sales_count")::int
FROM "product_sales_months"
GROUP BY 1, 2, 3;
