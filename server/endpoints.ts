import { exportList } from "./exports/endpoints";
import { deleteResourceFile, downloadResourceFile, uploadResourceFiles } from "./files/resource-files/endpoints";
import type { Endpoint } from "./http/endpoint";
import { orderPdf } from "./orders/orders/endpoints";

/** The operations that are not tRPC procedures (uploads, downloads): routed and documented with them. */
export const endpoints: readonly Endpoint[] = [uploadResourceFiles, downloadResourceFile, deleteResourceFile, exportList, orderPdf];
