-- DropForeignKey
ALTER TABLE "alternative_units" DROP CONSTRAINT "alternative_units_product_id_fkey";

-- DropForeignKey
ALTER TABLE "alternative_units" DROP CONSTRAINT "alternative_units_unit_id_fkey";

-- DropForeignKey
ALTER TABLE "categories" DROP CONSTRAINT "categories_root_id_fkey";

-- DropForeignKey
ALTER TABLE "discount_criteria_values" DROP CONSTRAINT "discount_criteria_values_discount_id_fkey";

-- DropForeignKey
ALTER TABLE "discount_targets" DROP CONSTRAINT "discount_targets_company_id_fkey";

-- DropForeignKey
ALTER TABLE "discount_targets" DROP CONSTRAINT "discount_targets_discount_id_fkey";

-- DropForeignKey
ALTER TABLE "discount_targets" DROP CONSTRAINT "discount_targets_partner_id_fkey";

-- DropForeignKey
ALTER TABLE "discount_targets" DROP CONSTRAINT "discount_targets_payment_method_id_fkey";

-- DropForeignKey
ALTER TABLE "discount_targets" DROP CONSTRAINT "discount_targets_profile_id_fkey";

-- DropForeignKey
ALTER TABLE "financial_attachments" DROP CONSTRAINT "financial_attachments_file_id_fkey";

-- DropForeignKey
ALTER TABLE "financial_attachments" DROP CONSTRAINT "financial_attachments_financial_id_fkey";

-- DropForeignKey
ALTER TABLE "financials" DROP CONSTRAINT "financials_billet_resource_file_id_fkey";

-- DropForeignKey
ALTER TABLE "financials" DROP CONSTRAINT "financials_order_id_fkey";

-- DropForeignKey
ALTER TABLE "financials" DROP CONSTRAINT "financials_partner_id_fkey";

-- DropForeignKey
ALTER TABLE "financials" DROP CONSTRAINT "financials_pix_resource_file_id_fkey";

-- DropForeignKey
ALTER TABLE "financials" DROP CONSTRAINT "financials_sale_id_fkey";

-- DropForeignKey
ALTER TABLE "financials" DROP CONSTRAINT "financials_sale_payment_id_fkey";

-- DropForeignKey
ALTER TABLE "financials" DROP CONSTRAINT "financials_status_id_fkey";

-- DropForeignKey
ALTER TABLE "order_attachments" DROP CONSTRAINT "order_attachments_file_id_fkey";

-- DropForeignKey
ALTER TABLE "order_attachments" DROP CONSTRAINT "order_attachments_order_id_fkey";

-- DropForeignKey
ALTER TABLE "order_coupons" DROP CONSTRAINT "order_coupons_coupon_id_fkey";

-- DropForeignKey
ALTER TABLE "order_coupons" DROP CONSTRAINT "order_coupons_order_id_fkey";

-- DropForeignKey
ALTER TABLE "order_invoices" DROP CONSTRAINT "order_invoices_danfe_resource_id_fkey";

-- DropForeignKey
ALTER TABLE "order_invoices" DROP CONSTRAINT "order_invoices_order_id_fkey";

-- DropForeignKey
ALTER TABLE "order_invoices" DROP CONSTRAINT "order_invoices_xml_resource_id_fkey";

-- DropForeignKey
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_id_fkey";

-- DropForeignKey
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_product_id_fkey";

-- DropForeignKey
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_product_variation_id_fkey";

-- DropForeignKey
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_warehouse_id_fkey";

-- DropForeignKey
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_order_id_fkey";

-- DropForeignKey
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_payment_method_id_fkey";

-- DropForeignKey
ALTER TABLE "order_status_changes" DROP CONSTRAINT "order_status_changes_order_id_fkey";

-- DropForeignKey
ALTER TABLE "order_status_changes" DROP CONSTRAINT "order_status_changes_status_id_fkey";

-- DropForeignKey
ALTER TABLE "orders" DROP CONSTRAINT "orders_company_id_fkey";

-- DropForeignKey
ALTER TABLE "orders" DROP CONSTRAINT "orders_partner_id_fkey";

-- DropForeignKey
ALTER TABLE "orders" DROP CONSTRAINT "orders_seller_id_fkey";

-- DropForeignKey
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_id_fkey";

-- DropForeignKey
ALTER TABLE "orders" DROP CONSTRAINT "orders_warehouse_id_fkey";

-- DropForeignKey
ALTER TABLE "partners" DROP CONSTRAINT "partners_profile_id_fkey";

-- DropForeignKey
ALTER TABLE "partners" DROP CONSTRAINT "partners_seller_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_criteria" DROP CONSTRAINT "price_table_criteria_price_table_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_products" DROP CONSTRAINT "price_table_products_criteria_row_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_products" DROP CONSTRAINT "price_table_products_price_table_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_products" DROP CONSTRAINT "price_table_products_product_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_products" DROP CONSTRAINT "price_table_products_product_variation_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_targets" DROP CONSTRAINT "price_table_targets_company_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_targets" DROP CONSTRAINT "price_table_targets_partner_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_targets" DROP CONSTRAINT "price_table_targets_payment_method_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_targets" DROP CONSTRAINT "price_table_targets_price_table_id_fkey";

-- DropForeignKey
ALTER TABLE "price_table_targets" DROP CONSTRAINT "price_table_targets_profile_id_fkey";

-- DropForeignKey
ALTER TABLE "product_categories" DROP CONSTRAINT "product_categories_category_id_fkey";

-- DropForeignKey
ALTER TABLE "product_categories" DROP CONSTRAINT "product_categories_product_id_fkey";

-- DropForeignKey
ALTER TABLE "product_specifications" DROP CONSTRAINT "product_specifications_product_id_fkey";

-- DropForeignKey
ALTER TABLE "product_variations" DROP CONSTRAINT "product_variations_product_id_fkey";

-- DropForeignKey
ALTER TABLE "products" DROP CONSTRAINT "products_brand_id_fkey";

-- DropForeignKey
ALTER TABLE "products" DROP CONSTRAINT "products_measure_unit_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_coupons" DROP CONSTRAINT "sale_coupons_coupon_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_coupons" DROP CONSTRAINT "sale_coupons_sale_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_items" DROP CONSTRAINT "sale_items_product_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_items" DROP CONSTRAINT "sale_items_product_variation_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_items" DROP CONSTRAINT "sale_items_sale_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_payment_method_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_sale_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_status_changes" DROP CONSTRAINT "sale_status_changes_sale_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_status_changes" DROP CONSTRAINT "sale_status_changes_status_id_fkey";

-- DropForeignKey
ALTER TABLE "sales" DROP CONSTRAINT "sales_company_id_fkey";

-- DropForeignKey
ALTER TABLE "sales" DROP CONSTRAINT "sales_partner_id_fkey";

-- DropForeignKey
ALTER TABLE "sales" DROP CONSTRAINT "sales_seller_id_fkey";

-- DropForeignKey
ALTER TABLE "sales" DROP CONSTRAINT "sales_solution_id_fkey";

-- DropForeignKey
ALTER TABLE "sales" DROP CONSTRAINT "sales_status_id_fkey";

-- DropForeignKey
ALTER TABLE "saved_views" DROP CONSTRAINT "saved_views_user_id_fkey";

-- DropForeignKey
ALTER TABLE "sellers" DROP CONSTRAINT "sellers_company_id_fkey";

-- DropForeignKey
ALTER TABLE "stock_inventories" DROP CONSTRAINT "stock_inventories_company_id_fkey";

-- DropForeignKey
ALTER TABLE "stock_inventories" DROP CONSTRAINT "stock_inventories_product_id_fkey";

-- DropForeignKey
ALTER TABLE "stock_inventories" DROP CONSTRAINT "stock_inventories_product_variation_id_fkey";

-- DropForeignKey
ALTER TABLE "stock_inventories" DROP CONSTRAINT "stock_inventories_warehouse_id_fkey";

-- DropForeignKey
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_fkey";

-- DropForeignKey
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_webhook_id_fkey";

-- CreateIndex
CREATE UNIQUE INDEX "brands_organization_id_id_key" ON "brands"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "categories_organization_id_id_key" ON "categories"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "companies_organization_id_id_key" ON "companies"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "coupons_organization_id_id_key" ON "coupons"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "discounts_organization_id_id_key" ON "discounts"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "financials_organization_id_id_key" ON "financials"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "measure_units_organization_id_id_key" ON "measure_units"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_organization_id_id_key" ON "orders"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "partners_organization_id_id_key" ON "partners"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_methods_organization_id_id_key" ON "payment_methods"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "price_table_criteria_organization_id_id_key" ON "price_table_criteria"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "price_tables_organization_id_id_key" ON "price_tables"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "product_variations_organization_id_id_key" ON "product_variations"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "products_organization_id_id_key" ON "products"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "profiles_organization_id_id_key" ON "profiles"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "resource_files_organization_id_id_key" ON "resource_files"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "sale_payments_organization_id_id_key" ON "sale_payments"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "sales_organization_id_id_key" ON "sales"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "sellers_organization_id_id_key" ON "sellers"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "solutions_organization_id_id_key" ON "solutions"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "statuses_organization_id_id_key" ON "statuses"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "users_organization_id_id_key" ON "users"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "warehouses_organization_id_id_key" ON "warehouses"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_organization_id_id_key" ON "webhook_deliveries"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "webhooks_organization_id_id_key" ON "webhooks"("organization_id", "id");

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_brand_id_fkey" FOREIGN KEY ("organization_id", "brand_id") REFERENCES "brands"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_measure_unit_id_fkey" FOREIGN KEY ("organization_id", "measure_unit_id") REFERENCES "measure_units"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_organization_id_category_id_fkey" FOREIGN KEY ("organization_id", "category_id") REFERENCES "categories"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_specifications" ADD CONSTRAINT "product_specifications_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alternative_units" ADD CONSTRAINT "alternative_units_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alternative_units" ADD CONSTRAINT "alternative_units_organization_id_unit_id_fkey" FOREIGN KEY ("organization_id", "unit_id") REFERENCES "measure_units"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "categories" ADD CONSTRAINT "categories_organization_id_root_id_fkey" FOREIGN KEY ("organization_id", "root_id") REFERENCES "categories"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partners" ADD CONSTRAINT "partners_organization_id_profile_id_fkey" FOREIGN KEY ("organization_id", "profile_id") REFERENCES "profiles"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partners" ADD CONSTRAINT "partners_organization_id_seller_id_fkey" FOREIGN KEY ("organization_id", "seller_id") REFERENCES "sellers"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_user_id_fkey" FOREIGN KEY ("organization_id", "user_id") REFERENCES "users"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_partner_id_fkey" FOREIGN KEY ("organization_id", "partner_id") REFERENCES "partners"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_seller_id_fkey" FOREIGN KEY ("organization_id", "seller_id") REFERENCES "sellers"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_warehouse_id_fkey" FOREIGN KEY ("organization_id", "warehouse_id") REFERENCES "warehouses"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_status_id_fkey" FOREIGN KEY ("organization_id", "status_id") REFERENCES "statuses"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_organization_id_product_variation_id_fkey" FOREIGN KEY ("organization_id", "product_variation_id") REFERENCES "product_variations"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_organization_id_warehouse_id_fkey" FOREIGN KEY ("organization_id", "warehouse_id") REFERENCES "warehouses"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_organization_id_payment_method_id_fkey" FOREIGN KEY ("organization_id", "payment_method_id") REFERENCES "payment_methods"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_organization_id_xml_resource_id_fkey" FOREIGN KEY ("organization_id", "xml_resource_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_organization_id_danfe_resource_id_fkey" FOREIGN KEY ("organization_id", "danfe_resource_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_organization_id_file_id_fkey" FOREIGN KEY ("organization_id", "file_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_organization_id_coupon_id_fkey" FOREIGN KEY ("organization_id", "coupon_id") REFERENCES "coupons"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_organization_id_status_id_fkey" FOREIGN KEY ("organization_id", "status_id") REFERENCES "statuses"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_organization_id_partner_id_fkey" FOREIGN KEY ("organization_id", "partner_id") REFERENCES "partners"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_organization_id_seller_id_fkey" FOREIGN KEY ("organization_id", "seller_id") REFERENCES "sellers"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_organization_id_solution_id_fkey" FOREIGN KEY ("organization_id", "solution_id") REFERENCES "solutions"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_organization_id_status_id_fkey" FOREIGN KEY ("organization_id", "status_id") REFERENCES "statuses"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_organization_id_sale_id_fkey" FOREIGN KEY ("organization_id", "sale_id") REFERENCES "sales"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_organization_id_product_variation_id_fkey" FOREIGN KEY ("organization_id", "product_variation_id") REFERENCES "product_variations"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_organization_id_sale_id_fkey" FOREIGN KEY ("organization_id", "sale_id") REFERENCES "sales"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_organization_id_payment_method_id_fkey" FOREIGN KEY ("organization_id", "payment_method_id") REFERENCES "payment_methods"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_coupons" ADD CONSTRAINT "sale_coupons_organization_id_sale_id_fkey" FOREIGN KEY ("organization_id", "sale_id") REFERENCES "sales"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_coupons" ADD CONSTRAINT "sale_coupons_organization_id_coupon_id_fkey" FOREIGN KEY ("organization_id", "coupon_id") REFERENCES "coupons"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_status_changes" ADD CONSTRAINT "sale_status_changes_organization_id_sale_id_fkey" FOREIGN KEY ("organization_id", "sale_id") REFERENCES "sales"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_status_changes" ADD CONSTRAINT "sale_status_changes_organization_id_status_id_fkey" FOREIGN KEY ("organization_id", "status_id") REFERENCES "statuses"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_partner_id_fkey" FOREIGN KEY ("organization_id", "partner_id") REFERENCES "partners"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_sale_id_fkey" FOREIGN KEY ("organization_id", "sale_id") REFERENCES "sales"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_sale_payment_id_fkey" FOREIGN KEY ("organization_id", "sale_payment_id") REFERENCES "sale_payments"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_status_id_fkey" FOREIGN KEY ("organization_id", "status_id") REFERENCES "statuses"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_pix_resource_file_id_fkey" FOREIGN KEY ("organization_id", "pix_resource_file_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financials" ADD CONSTRAINT "financials_organization_id_billet_resource_file_id_fkey" FOREIGN KEY ("organization_id", "billet_resource_file_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_attachments" ADD CONSTRAINT "financial_attachments_organization_id_financial_id_fkey" FOREIGN KEY ("organization_id", "financial_id") REFERENCES "financials"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_attachments" ADD CONSTRAINT "financial_attachments_organization_id_file_id_fkey" FOREIGN KEY ("organization_id", "file_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_webhook_id_fkey" FOREIGN KEY ("organization_id", "webhook_id") REFERENCES "webhooks"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_organization_id_delivery_id_fkey" FOREIGN KEY ("organization_id", "delivery_id") REFERENCES "webhook_deliveries"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_organization_id_warehouse_id_fkey" FOREIGN KEY ("organization_id", "warehouse_id") REFERENCES "warehouses"("organization_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_organization_id_product_variation_id_fkey" FOREIGN KEY ("organization_id", "product_variation_id") REFERENCES "product_variations"("organization_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_criteria" ADD CONSTRAINT "price_table_criteria_organization_id_price_table_id_fkey" FOREIGN KEY ("organization_id", "price_table_id") REFERENCES "price_tables"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_organization_id_price_table_id_fkey" FOREIGN KEY ("organization_id", "price_table_id") REFERENCES "price_tables"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_organization_id_criteria_row_id_fkey" FOREIGN KEY ("organization_id", "criteria_row_id") REFERENCES "price_table_criteria"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_organization_id_product_id_fkey" FOREIGN KEY ("organization_id", "product_id") REFERENCES "products"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_organization_id_product_variation_id_fkey" FOREIGN KEY ("organization_id", "product_variation_id") REFERENCES "product_variations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_organization_id_price_table_id_fkey" FOREIGN KEY ("organization_id", "price_table_id") REFERENCES "price_tables"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_organization_id_partner_id_fkey" FOREIGN KEY ("organization_id", "partner_id") REFERENCES "partners"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_organization_id_profile_id_fkey" FOREIGN KEY ("organization_id", "profile_id") REFERENCES "profiles"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_organization_id_payment_method_id_fkey" FOREIGN KEY ("organization_id", "payment_method_id") REFERENCES "payment_methods"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_organization_id_discount_id_fkey" FOREIGN KEY ("organization_id", "discount_id") REFERENCES "discounts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_organization_id_partner_id_fkey" FOREIGN KEY ("organization_id", "partner_id") REFERENCES "partners"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_organization_id_profile_id_fkey" FOREIGN KEY ("organization_id", "profile_id") REFERENCES "profiles"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_organization_id_payment_method_id_fkey" FOREIGN KEY ("organization_id", "payment_method_id") REFERENCES "payment_methods"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_criteria_values" ADD CONSTRAINT "discount_criteria_values_organization_id_discount_id_fkey" FOREIGN KEY ("organization_id", "discount_id") REFERENCES "discounts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
