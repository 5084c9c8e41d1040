import { router } from "../../trpc";
import { warehouses } from "./service";

export const warehousesRouter = router(warehouses.procedures);
