import { router } from "../../http/trpc";
import { warehouses } from "./service";

export const warehousesRouter = router(warehouses.procedures);
