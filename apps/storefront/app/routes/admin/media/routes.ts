import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The media library of the back office (issue 13): its page, inside the admin layout. */
export const mediaRoutes = [route(SYSTEM_ROUTES.adminMedia, "routes/admin/media/media.tsx", { id: "adminMedia" })];

/** The browser's uploads, streamed to the platform (a resource route, outside any layout). */
export const mediaUploadRoute = route(SYSTEM_ROUTES.adminMediaUpload, "routes/admin/media/upload.ts", { id: "adminMediaUpload" });
