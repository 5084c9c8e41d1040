import { pageOf } from "../../lib/paging";
import { router } from "../../http/trpc";
import { alternativeUnitListRecord } from "./schemas";
import { alternativeUnits } from "./service";

const { builders, procedures, service } = alternativeUnits;

export const alternativeUnitsRouter = router({
  ...procedures,
  // Searches through the product and the unit (see the service).
  list: builders.list.output(pageOf(alternativeUnitListRecord)).query(({ ctx, input }) => service.list(ctx.db, input) as never),
});
