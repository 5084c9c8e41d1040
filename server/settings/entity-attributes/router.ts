import { router } from "../../trpc";
import { entityAttributes } from "./service";

export const entityAttributesRouter = router(entityAttributes.procedures);
