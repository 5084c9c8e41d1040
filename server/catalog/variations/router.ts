import { router } from "../../http/trpc";
import { variations } from "./service";

export const variationsRouter = router(variations.procedures);
