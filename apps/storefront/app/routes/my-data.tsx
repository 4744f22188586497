import { loadMyData } from "../features/profile/my-data.server.ts";
import type { Route } from "./+types/my-data";

/** GET /account/my-data: everything the shop holds about the logged-in customer, as a JSON download (features/profile/my-data.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return loadMyData(args);
}
