import { router } from "../../trpc";
import { coupons } from "./service";

export const couponsRouter = router(coupons.procedures);
