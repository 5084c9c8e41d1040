import { router } from "../../http/trpc";
import { coupons } from "./service";

export const couponsRouter = router(coupons.procedures);
