/** Filled by its feature: see the issue-3 brief. */
export function action() {
  return new Response(null, { status: 404 });
}
