import { data } from "react-router";
import { NotFoundPage } from "../features/errors/not-found-page.tsx";

/** Paths no route claims (SPEC §2): the 404 page inside the main layout, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
