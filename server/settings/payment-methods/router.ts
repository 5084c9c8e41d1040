import { router } from "../../trpc";
import { paymentMethods } from "./service";

export const paymentMethodsRouter = router(paymentMethods.procedures);
