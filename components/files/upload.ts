import { RestError } from "@/lib/problem";

/**
 * Uploading files from the panel: `POST /api/b2b/resource-files` (multipart, field
 * `files`) with the panel's session, and where a stored file is served.
 */

/** What the server takes in one request (server/files/resource-files/service.ts). */
export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Pictures a product or a brand may show (the server refuses anything else as an image). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

export interface UploadedFile {
  id: string;
  fileName: string;
}

/** Where a file is served, without credentials (the org's id rides along, as the API answers it). */
export function resourceFileUrl(organizationId: string, fileId: string): string {
  return `/api/b2b/resource-files/${encodeURIComponent(fileId)}?organization_id=${encodeURIComponent(organizationId)}`;
}

/** Uploads files in batches the server accepts; answers them in the order given. A refusal is a RestError. */
export async function uploadFiles(files: readonly File[]): Promise<UploadedFile[]> {
  const uploaded: UploadedFile[] = [];
  for (let start = 0; start < files.length; start += MAX_FILES_PER_UPLOAD) {
    const form = new FormData();
    for (const file of files.slice(start, start + MAX_FILES_PER_UPLOAD)) form.append("files", file, file.name);
    let response: Response;
    try {
      response = await fetch("/api/b2b/resource-files", { method: "POST", body: form, credentials: "same-origin" });
    } catch (error) {
      throw new RestError(0, undefined, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw await RestError.of(response);
    const body = (await response.json()) as { resourceFiles: UploadedFile[] };
    uploaded.push(...body.resourceFiles);
  }
  return uploaded;
}
