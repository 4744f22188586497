import { useRootData } from "../root.tsx";

/**
 * Structured data for search engines. `<` is escaped so no string in the data can close the
 * script element; the nonce keeps it within the page's CSP.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const { nonce } = useRootData();
  const json = JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
