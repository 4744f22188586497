import { useLocation, useNavigate } from "react-router";

/**
 * Loads the current page's data again, keeping the scroll position: a navigation to the same URL,
 * which React Router treats as a refresh. Used instead of useRevalidator, which would add to the
 * router chunk every visitor loads while only staff pages need it.
 */
export function useReload(): () => void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return () => void navigate(`${pathname}${search}${hash}`, { replace: true, preventScrollReset: true });
}
