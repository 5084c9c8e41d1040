import { router } from "../../trpc";
import { variations } from "./service";

export const variationsRouter = router(variations.procedures);
