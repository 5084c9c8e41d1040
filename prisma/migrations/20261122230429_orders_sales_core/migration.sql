-- CreateEnum
CREATE TYPE "CouponType" AS ENUM ('ORDER', 'FREIGHT');

-- CreateEnum
CREATE TYPE "CouponValueType" AS ENUM ('PERCENTAGE', 'MONETARY');

-- CreateEnum
CREATE TYPE "WebhookDeliveryState" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED');

-- CreateTable
CREATE TABLE "coupons" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "code_key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "CouponType" NOT NULL,
    "value_type" "CouponValueType" NOT NULL,
    "value" DECIMAL(18,2) NOT NULL,
    "start_date" TIMESTAMPTZ(3),
    "end_date" TIMESTAMPTZ(3),
    "max_uses" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "solutions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "solutions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "sale_id" UUID,
    "origin" TEXT NOT NULL DEFAULT 'ADMIN',
    "partner_id" UUID NOT NULL,
    "company_id" UUID,
    "seller_id" UUID,
    "status_id" UUID NOT NULL,
    "negotiation_date" TIMESTAMPTZ(3) NOT NULL,
    "total_value" DECIMAL(18,2) NOT NULL,
    "order_value" DECIMAL(18,2) NOT NULL,
    "discount_value" DECIMAL(18,2) NOT NULL,
    "freight_value" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "freight_edit_reason" TEXT,
    "shipment_address_name" TEXT,
    "shipment_address_type" TEXT,
    "shipment_street" TEXT,
    "shipment_number" TEXT,
    "shipment_complement" TEXT,
    "shipment_neighborhood" TEXT,
    "shipment_city" TEXT,
    "shipment_state" TEXT,
    "shipment_postal_code" TEXT,
    "shipment_country" TEXT,
    "shipment_contact_name" TEXT,
    "shipment_contact_number" TEXT,
    "shipment_contact_id" TEXT,
    "quotation" BOOLEAN NOT NULL DEFAULT false,
    "observation" TEXT,
    "delivery_method_id" UUID,
    "delivery_rule_id" TEXT,
    "delivery_date" TEXT,
    "delivery_scheduling_id" TEXT,
    "delivery_method" JSONB,
    "discounts" JSONB NOT NULL DEFAULT '[]',
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "pre_order_complement" JSONB NOT NULL DEFAULT '{}',
    "checkout_complement" JSONB NOT NULL DEFAULT '{}',
    "automation_fields" JSONB NOT NULL DEFAULT '{}',
    "resume_fields" JSONB NOT NULL DEFAULT '[]',
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_items" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "product_id" UUID NOT NULL,
    "product_variation_id" UUID,
    "unit" TEXT,
    "unit_value" DECIMAL(18,2) NOT NULL,
    "quantity" DECIMAL(18,4) NOT NULL,
    "discount" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "total_value" DECIMAL(18,2) NOT NULL,
    "item_origin_value" TEXT,
    "item_origin_type" TEXT,
    "automation_fields" JSONB NOT NULL DEFAULT '{}',
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "complements" JSONB NOT NULL DEFAULT '[]',
    "resume_fields" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "order_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_payments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "payment_method_id" UUID NOT NULL,
    "installment_id" TEXT,
    "transaction_id" TEXT,
    "amount" DECIMAL(18,2) NOT NULL,
    "installments" INTEGER NOT NULL DEFAULT 1,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_invoices" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "invoice_key" TEXT NOT NULL,
    "invoice_number" TEXT,
    "invoice_date" TEXT,
    "invoice_series" TEXT,
    "invoice_cfop" TEXT,
    "invoice_value" DECIMAL(18,2),
    "xml_resource_id" UUID,
    "danfe_resource_id" UUID,

    CONSTRAINT "order_invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_attachments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "order_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_coupons" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "coupon_id" UUID NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "order_coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_status_changes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "status_id" UUID NOT NULL,
    "actor" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_reports" (
    "organization_id" UUID NOT NULL,
    "name" TEXT,
    "content" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_reports_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "sales" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "external_id" TEXT,
    "company_id" UUID,
    "partner_id" UUID NOT NULL,
    "seller_id" UUID,
    "solution_id" UUID,
    "status_id" UUID NOT NULL,
    "updated_by" TEXT NOT NULL,
    "observation" TEXT,
    "shopping_cart_id" TEXT,
    "quotation" BOOLEAN NOT NULL DEFAULT false,
    "full_value" DECIMAL(18,2) NOT NULL,
    "total_value" DECIMAL(18,2) NOT NULL,
    "total_discount" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "freight_amount" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "freight_edit_reason" TEXT,
    "discounts" JSONB NOT NULL DEFAULT '[]',
    "invoices" JSONB NOT NULL DEFAULT '[]',
    "origin_attributes" JSONB NOT NULL DEFAULT '{}',
    "pre_order_complement" JSONB NOT NULL DEFAULT '{}',
    "checkout_complement" JSONB NOT NULL DEFAULT '{}',
    "automation_fields" JSONB NOT NULL DEFAULT '{}',
    "email_config" JSONB NOT NULL DEFAULT '{}',
    "resume_fields" JSONB NOT NULL DEFAULT '[]',
    "delivery" JSONB,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "webhook_error" TEXT,
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sales_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_items" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "sale_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "product_id" UUID NOT NULL,
    "product_variation_id" UUID,
    "unit" TEXT,
    "unit_value" DECIMAL(18,2) NOT NULL,
    "quantity" DECIMAL(18,4) NOT NULL,
    "discount" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "total_value" DECIMAL(18,2) NOT NULL,
    "item_origin_value" TEXT,
    "item_origin_type" TEXT,
    "automation_fields" JSONB NOT NULL DEFAULT '{}',
    "complements" JSONB NOT NULL DEFAULT '[]',
    "resume_fields" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "sale_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_payments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "sale_id" UUID NOT NULL,
    "payment_method_id" UUID NOT NULL,
    "installment_id" TEXT,
    "transaction_id" TEXT,
    "amount" DECIMAL(18,2) NOT NULL,
    "installments" INTEGER NOT NULL DEFAULT 1,
    "gateway" TEXT,
    "captured_at" TIMESTAMPTZ(3),
    "capture_reference" TEXT,

    CONSTRAINT "sale_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_coupons" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "sale_id" UUID NOT NULL,
    "coupon_id" UUID NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "sale_coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_status_changes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "sale_id" UUID NOT NULL,
    "status_id" UUID NOT NULL,
    "actor" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sale_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "financials" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "order_id" UUID,
    "sale_id" UUID,
    "sale_payment_id" UUID,
    "installment" INTEGER,
    "status_id" UUID NOT NULL,
    "type" TEXT,
    "value" DECIMAL(18,2) NOT NULL,
    "paying_off_value" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "paying_off_date" TIMESTAMPTZ(3),
    "reversed_value" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "reversed_date" TIMESTAMPTZ(3),
    "due_date" TIMESTAMPTZ(3) NOT NULL,
    "has_online_payment" BOOLEAN NOT NULL DEFAULT false,
    "has_payment_gateway" BOOLEAN NOT NULL DEFAULT false,
    "card" JSONB,
    "pix_qr_code" TEXT,
    "pix_resource_file_id" UUID,
    "billet_bar_code" TEXT,
    "billet_qr_code" TEXT,
    "billet_resource_file_id" UUID,
    "billet_created_by" TEXT,
    "billet_updated_by" TEXT,
    "billet_created_at" TIMESTAMPTZ(3),
    "billet_updated_at" TIMESTAMPTZ(3),
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "financials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "financial_attachments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "financial_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "financial_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret_encrypted" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "subject_type" TEXT,
    "subject_id" UUID,
    "state" "WebhookDeliveryState" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "last_status" INTEGER,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "coupons_organization_id_code_key_key" ON "coupons"("organization_id", "code_key");

-- CreateIndex
CREATE INDEX "solutions_organization_id_name_idx" ON "solutions"("organization_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "orders_sale_id_key" ON "orders"("sale_id");

-- CreateIndex
CREATE INDEX "orders_organization_id_negotiation_date_idx" ON "orders"("organization_id", "negotiation_date");

-- CreateIndex
CREATE INDEX "orders_organization_id_partner_id_idx" ON "orders"("organization_id", "partner_id");

-- CreateIndex
CREATE INDEX "orders_organization_id_seller_id_idx" ON "orders"("organization_id", "seller_id");

-- CreateIndex
CREATE INDEX "orders_organization_id_status_id_idx" ON "orders"("organization_id", "status_id");

-- CreateIndex
CREATE INDEX "order_items_order_id_position_idx" ON "order_items"("order_id", "position");

-- CreateIndex
CREATE INDEX "order_items_product_id_idx" ON "order_items"("product_id");

-- CreateIndex
CREATE INDEX "order_payments_order_id_created_at_idx" ON "order_payments"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "order_invoices_order_id_idx" ON "order_invoices"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "order_invoices_organization_id_invoice_key_key" ON "order_invoices"("organization_id", "invoice_key");

-- CreateIndex
CREATE INDEX "order_attachments_order_id_idx" ON "order_attachments"("order_id");

-- CreateIndex
CREATE INDEX "order_attachments_file_id_idx" ON "order_attachments"("file_id");

-- CreateIndex
CREATE INDEX "order_coupons_coupon_id_idx" ON "order_coupons"("coupon_id");

-- CreateIndex
CREATE UNIQUE INDEX "order_coupons_order_id_coupon_id_key" ON "order_coupons"("order_id", "coupon_id");

-- CreateIndex
CREATE INDEX "order_status_changes_order_id_created_at_idx" ON "order_status_changes"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "sales_organization_id_created_at_idx" ON "sales"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "sales_organization_id_partner_id_idx" ON "sales"("organization_id", "partner_id");

-- CreateIndex
CREATE INDEX "sales_organization_id_external_id_idx" ON "sales"("organization_id", "external_id");

-- CreateIndex
CREATE INDEX "sale_items_sale_id_position_idx" ON "sale_items"("sale_id", "position");

-- CreateIndex
CREATE INDEX "sale_items_product_id_idx" ON "sale_items"("product_id");

-- CreateIndex
CREATE INDEX "sale_payments_sale_id_idx" ON "sale_payments"("sale_id");

-- CreateIndex
CREATE INDEX "sale_coupons_coupon_id_idx" ON "sale_coupons"("coupon_id");

-- CreateIndex
CREATE UNIQUE INDEX "sale_coupons_sale_id_coupon_id_key" ON "sale_coupons"("sale_id", "coupon_id");

-- CreateIndex
CREATE INDEX "sale_status_changes_sale_id_created_at_idx" ON "sale_status_changes"("sale_id", "created_at");

-- CreateIndex
CREATE INDEX "financials_organization_id_due_date_idx" ON "financials"("organization_id", "due_date");

-- CreateIndex
CREATE INDEX "financials_organization_id_partner_id_idx" ON "financials"("organization_id", "partner_id");

-- CreateIndex
CREATE INDEX "financials_organization_id_order_id_idx" ON "financials"("organization_id", "order_id");

-- CreateIndex
CREATE INDEX "financials_organization_id_status_id_idx" ON "financials"("organization_id", "status_id");

-- CreateIndex
CREATE INDEX "financials_sale_id_idx" ON "financials"("sale_id");

-- CreateIndex
CREATE INDEX "financial_attachments_financial_id_idx" ON "financial_attachments"("financial_id");

-- CreateIndex
CREATE INDEX "financial_attachments_file_id_idx" ON "financial_attachments"("file_id");

-- CreateIndex
CREATE INDEX "webhooks_organization_id_active_idx" ON "webhooks"("organization_id", "active");

-- CreateIndex
CREATE INDEX "webhook_deliveries_state_next_attempt_at_idx" ON "webhook_deliveries"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_subject_type_subject_id_idx" ON "webhook_deliveries"("subject_type", "subject_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_attempted_at_idx" ON "webhook_attempts"("delivery_id", "attempted_at");

-- AddForeignKey
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "sellers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_id_fkey" FOREIGN KEY ("delivery_method_id") REFERENCES "delivery_methods"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_variation_id_fkey" FOREIGN KEY ("product_variation_id") REFERENCES "product_variations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_xml_resource_id_fkey" FOREIGN KEY ("xml_resource_id") REFERENCES "resource_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_danfe_resource_id_fkey" FOREIGN KEY ("danfe_resource_id") REFERENCES "resource_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "resource_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_reports" ADD CONSTRAINT "order_reports_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "sellers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_solution_id_fkey" FOREIGN KEY ("solution_id") REFERENCES "solutions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_variation_id_fkey" FOREIGN KEY ("product_variation_id") REFERENCES "product_variations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_coupons" ADD CONSTRAINT "sale_coupons_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_coupons" ADD CONSTRAINT "sale_coupons_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_status_changes" ADD CONSTRAINT "sale_status_changes_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_status_changes" ADD CONSTRAINT "sale_status_changes_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_sale_payment_id_fkey" FOREIGN KEY ("sale_payment_id") REFERENCES "sale_payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_pix_resource_file_id_fkey" FOREIGN KEY ("pix_resource_file_id") REFERENCES "resource_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_billet_resource_file_id_fkey" FOREIGN KEY ("billet_resource_file_id") REFERENCES "resource_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_attachments" ADD CONSTRAINT "financial_attachments_financial_id_fkey" FOREIGN KEY ("financial_id") REFERENCES "financials"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_attachments" ADD CONSTRAINT "financial_attachments_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "resource_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
