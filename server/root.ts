import { accessKeysRouter } from "./access-keys/router";
import { auditRouter } from "./audit/router";
import { authRouter } from "./users/auth-router";
import { brandsRouter } from "./catalog/brands/router";
import { alternativeUnitsRouter } from "./catalog/alternative-units/router";
import { categoriesRouter } from "./catalog/categories/router";
import { dashboardRouter } from "./insights/dashboard/router";
import { salesFunnelRouter } from "./insights/funnel/router";
import { lowStockRouter } from "./insights/low-stock/router";
import { productAnalysisRouter } from "./insights/most-sold/router";
import { measureUnitsRouter } from "./catalog/measure-units/router";
import { productSpecificationsRouter } from "./catalog/product-specifications/router";
import { productVariationsRouter } from "./catalog/product-variations/router";
import { productsRouter } from "./catalog/products/router";
import { profilesRouter } from "./catalog/profiles/router";
import { variationsRouter } from "./catalog/variations/router";
import { warehousesRouter } from "./catalog/warehouses/router";
import { couponsRouter } from "./orders/coupons/router";
import { orderPaymentsRouter } from "./orders/order-payments/router";
import { orderReportRouter } from "./orders/order-report/router";
import { ordersRouter } from "./orders/orders/router";
import { companiesRouter } from "./parties/companies/router";
import { partnersRouter } from "./parties/partners/router";
import { discountsRouter } from "./pricing/discounts/router";
import { priceTablesRouter } from "./pricing/price-tables/router";
import { pricesRouter } from "./pricing/prices/router";
import { sellersRouter } from "./parties/sellers/router";
import { commercialSettingsRouter } from "./settings/commercial/router";
import { commissionsRouter } from "./finance/commissions/router";
import { deliveryMethodsRouter } from "./settings/delivery-methods/router";
import { entityAttributesRouter } from "./settings/entity-attributes/router";
import { paymentMethodsRouter } from "./settings/payment-methods/router";
import { statusesRouter } from "./settings/statuses/router";
import { stockRouter } from "./stock/stock/router";
import { financialsRouter } from "./finance/financials/router";
import { salesRouter } from "./sales/sales/router";
import { solutionsRouter } from "./sales/solutions/router";
import { organizationRouter } from "./organizations/router";
import { taxCalculationRouter } from "./taxes/calculate/router";
import { taxRulesRouter } from "./taxes/rules/router";
import { certificatesRouter } from "./fiscal/certificates/router";
import { nfeRouter } from "./fiscal/nfe/router";
import { taxSettingsRouter } from "./taxes/settings/router";
import { taxStatesRouter } from "./taxes/uf-table/router";
import type { Api } from "./http/api";
import { router } from "./http/trpc";
import { exportList } from "./exports/endpoints";
import { deleteResourceFile, downloadResourceFile, uploadResourceFiles } from "./files/resource-files/endpoints";
import { danfeDownload, orderPdf } from "./printing/endpoints";
import { nfeTransmit, nfeXmlDownload } from "./fiscal/nfe/endpoints";
import { importsRouter } from "./imports/router";
import { createImportEndpoint, importErrorsCsv, importTemplate } from "./imports/endpoints";
import { accountRouter, usersRouter } from "./users/router";
import { webhooksRouter } from "./webhooks/router";
import { savedViewsRouter } from "./workspace/saved-views/router";
import { searchRouter } from "./workspace/search/router";

/** Every router of the app: served as tRPC at /api/trpc and as REST at /api/b2b. */
export const appRouter = router({
  auth: authRouter,
  accessKeys: accessKeysRouter,
  statuses: statusesRouter,
  paymentMethods: paymentMethodsRouter,
  deliveryMethods: deliveryMethodsRouter,
  entityAttributes: entityAttributesRouter,
  brands: brandsRouter,
  profiles: profilesRouter,
  measureUnits: measureUnitsRouter,
  alternativeUnits: alternativeUnitsRouter,
  products: productsRouter,
  productVariations: productVariationsRouter,
  productSpecifications: productSpecificationsRouter,
  warehouses: warehousesRouter,
  variations: variationsRouter,
  categories: categoriesRouter,
  companies: companiesRouter,
  sellers: sellersRouter,
  partners: partnersRouter,
  users: usersRouter,
  account: accountRouter,
  audit: auditRouter,
  savedViews: savedViewsRouter,
  search: searchRouter,
  stock: stockRouter,
  webhooks: webhooksRouter,
  organization: organizationRouter,
  orders: ordersRouter,
  orderPayments: orderPaymentsRouter,
  orderReport: orderReportRouter,
  coupons: couponsRouter,
  solutions: solutionsRouter,
  sales: salesRouter,
  financials: financialsRouter,
  salesFunnel: salesFunnelRouter,
  productAnalysis: productAnalysisRouter,
  dashboard: dashboardRouter,
  lowStock: lowStockRouter,
  priceTables: priceTablesRouter,
  discounts: discountsRouter,
  prices: pricesRouter,
  commercialSettings: commercialSettingsRouter,
  commissions: commissionsRouter,
  taxStates: taxStatesRouter,
  taxRules: taxRulesRouter,
  taxSettings: taxSettingsRouter,
  certificates: certificatesRouter,
  nfe: nfeRouter,
  taxes: taxCalculationRouter,
  imports: importsRouter,
});

export type AppRouter = typeof appRouter;

/** The app's API as the transport serves it: every router, and the operations that are not tRPC procedures (uploads, downloads). */
export const api: Api = {
  router: appRouter,
  endpoints: [
    uploadResourceFiles,
    downloadResourceFile,
    deleteResourceFile,
    exportList,
    orderPdf,
    nfeXmlDownload,
    danfeDownload,
    nfeTransmit,
    createImportEndpoint,
    importErrorsCsv,
    importTemplate,
  ],
};
