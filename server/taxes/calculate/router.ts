import { readProcedure, router } from "../../http/trpc";
import { taxCalculation, taxCalculationInput } from "./schemas";
import { calculateTaxesOf } from "./service";

export const taxCalculationRouter = router({
  calculate: readProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/taxes/calculate",
        tags: ["Taxes"],
        summary: "Calculate the taxes of items",
        description:
          "Contract §12: the taxes an order of these items would carry — per item `taxes` (ICMS, FCP, ICMS-ST, FCP-ST, IPI, PIS, " +
          "COFINS, DIFAL, IBS/CBS, each with the rule that gave it), `tax_totals` in the NF-e's ICMSTot names and `invoice_value` " +
          "(vNF). The issuer is `company_id` (else the default company; 422 when it has no `crt` or no UF); the buyer is " +
          "`partner_id` (its IE indicator, final consumer and default address's UF) or `destination_state` with `ie_indicator` and " +
          "`final_consumer`. Freight, insurance, other charges and the discount are spread over the items by value. Each tax is " +
          "rounded half-even to cents once. `?explain=true` adds each item's `steps`: every rule considered, applied or not and why.",
        protect: true,
      },
      queryFields: ["explain"],
    })
    .input(taxCalculationInput)
    .output(taxCalculation)
    .query(({ ctx, input }) => calculateTaxesOf(ctx.readStatement, input)),
});
