import { router } from "../../http/trpc";
import { entityAttributes } from "./service";

export const entityAttributesRouter = router(entityAttributes.procedures);
