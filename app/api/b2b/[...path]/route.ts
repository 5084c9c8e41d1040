import { handleRestRequest } from "@/server/http/rest";

export const dynamic = "force-dynamic";

export { handleRestRequest as GET, handleRestRequest as POST, handleRestRequest as PUT, handleRestRequest as DELETE, handleRestRequest as PATCH };
