import { router } from "../../http/trpc";
import { paymentMethods } from "./service";

export const paymentMethodsRouter = router(paymentMethods.procedures);
