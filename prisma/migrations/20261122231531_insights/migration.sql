-- CreateTable
CREATE TABLE "funnel_events" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "product_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "funnel_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "funnel_sessions" (
    "organization_id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "first_event_at" TIMESTAMPTZ(3) NOT NULL,
    "last_event_at" TIMESTAMPTZ(3) NOT NULL,
    "events" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "funnel_sessions_pkey" PRIMARY KEY ("organization_id","session_id")
);

-- CreateTable
CREATE TABLE "funnel_session_days" (
    "organization_id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "funnel_session_days_pkey" PRIMARY KEY ("organization_id","session_id","stage","day")
);

-- CreateTable
CREATE TABLE "funnel_stage_days" (
    "organization_id" UUID NOT NULL,
    "stage" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "previous_day" DATE NOT NULL,
    "sessions" INTEGER NOT NULL,

    CONSTRAINT "funnel_stage_days_pkey" PRIMARY KEY ("organization_id","stage","day","previous_day")
);

-- CreateTable
CREATE TABLE "sale_rollup_entries" (
    "sale_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "total_value" DECIMAL(18,2) NOT NULL,
    "products" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "sale_rollup_entries_pkey" PRIMARY KEY ("sale_id")
);

-- CreateTable
CREATE TABLE "sales_days" (
    "organization_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "revenue" DECIMAL(20,2) NOT NULL,
    "sales_count" INTEGER NOT NULL,

    CONSTRAINT "sales_days_pkey" PRIMARY KEY ("organization_id","day")
);

-- CreateTable
CREATE TABLE "product_sales_days" (
    "organization_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "product_id" UUID NOT NULL,
    "quantity" DECIMAL(22,4) NOT NULL,
    "total_value" DECIMAL(20,2) NOT NULL,
    "sales_count" INTEGER NOT NULL,

    CONSTRAINT "product_sales_days_pkey" PRIMARY KEY ("organization_id","day","product_id")
);

-- CreateTable
CREATE TABLE "product_sales_months" (
    "organization_id" UUID NOT NULL,
    "month" DATE NOT NULL,
    "product_id" UUID NOT NULL,
    "quantity" DECIMAL(22,4) NOT NULL,
    "total_value" DECIMAL(20,2) NOT NULL,
    "sales_count" INTEGER NOT NULL,

    CONSTRAINT "product_sales_months_pkey" PRIMARY KEY ("organization_id","month","product_id")
);

-- CreateIndex
CREATE INDEX "funnel_events_organization_id_occurred_at_idx" ON "funnel_events"("organization_id", "occurred_at");

-- CreateIndex
CREATE INDEX "sale_rollup_entries_organization_id_day_idx" ON "sale_rollup_entries"("organization_id", "day");

-- AddForeignKey
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "funnel_sessions" ADD CONSTRAINT "funnel_sessions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_rollup_entries" ADD CONSTRAINT "sale_rollup_entries_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
