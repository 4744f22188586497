import { MEDIA_UPLOAD_LIMITS, type MediaView, type RefusedFile, SYSTEM_ROUTES } from "@shop/contracts";

/** What the upload route answers a script (routes/admin/media/upload.ts). */
export type UploadAnswer =
  | { ok: true; data: { records: MediaView[]; refused: RefusedFile[] } }
  | { ok: false; status: number; message: string };

/**
 * Sends files to SYSTEM_ROUTES.adminMediaUpload (streamed on to the platform), reporting the share
 * sent; `replace` makes the one file that media's new original. XMLHttpRequest, as fetch reports no
 * upload progress.
 */
export function uploadFiles(files: readonly File[], onProgress: (share: number) => void, replace?: number): Promise<UploadAnswer> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", replace ? `${SYSTEM_ROUTES.adminMediaUpload}?replace=${replace}` : SYSTEM_ROUTES.adminMediaUpload);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as UploadAnswer);
      } catch {
        resolve({ ok: false, status: xhr.status, message: xhr.statusText || String(xhr.status) });
      }
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: "" });
    xhr.send(form);
  });
}

/** SPEC §9: at most this many files at once from staff. */
export const MAX_FILES = MEDIA_UPLOAD_LIMITS.staff;

/** The file types the picker offers (the platform still tells each by its content). */
export const ACCEPTED_FILES =
  "image/jpeg,image/png,image/webp,image/gif,image/avif,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.zip,.txt,.csv";
