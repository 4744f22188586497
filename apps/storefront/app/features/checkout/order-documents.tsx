import { type DocumentView, formatVoucherCode, SYSTEM_ROUTES } from "@shop/contracts";
import { useT } from "../../ui/i18n.tsx";

/** Where a document downloads; `from` is the page to go back to if the download fails. */
export function documentHref(document: DocumentView, from: string): string {
  return `${SYSTEM_ROUTES.orderDocument.replace(":id", document.id)}?from=${encodeURIComponent(from)}`;
}

/** The order's documents to download (receipt, stornos, payment slip, e-invoice, each gift voucher bought); `from` is the page to go back to if a download fails. */
export function OrderDocuments({ documents, from, className }: { documents: DocumentView[]; from: string; className: string }) {
  const t = useT();
  if (documents.length === 0) return null;
  return (
    <section className={className} aria-labelledby="documents-title" data-testid="order-documents">
      <h2 id="documents-title">{t("documents.title")}</h2>
      <ul>
        {documents.map((d) => (
          <li key={d.id}>
            <a href={documentHref(d, from)} download={d.filename}>
              {/* Stornos are numbered and vouchers named by their code, so each link says which one it is. */}
              {t(`documents.kind.${d.kind}`, {
                n: documents.filter((o) => o.kind === d.kind).indexOf(d) + 1,
                code: formatVoucherCode(d.id.split("-")[1] ?? ""),
              })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
