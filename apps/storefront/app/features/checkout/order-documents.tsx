import { type DocumentView, formatVoucherCode, SYSTEM_ROUTES } from "@shop/contracts";
import { useT } from "../../ui/i18n.tsx";

/** The order's documents to download (receipt, payment slip, each gift voucher bought); `from` is the page to go back to if a download fails. */
export function OrderDocuments({ documents, from, className }: { documents: DocumentView[]; from: string; className: string }) {
  const t = useT();
  if (documents.length === 0) return null;
  return (
    <section className={className} aria-labelledby="documents-title" data-testid="order-documents">
      <h2 id="documents-title">{t("documents.title")}</h2>
      <ul>
        {documents.map((d) => (
          <li key={d.id}>
            <a href={`${SYSTEM_ROUTES.orderDocument.replace(":id", d.id)}?from=${encodeURIComponent(from)}`} download={d.filename}>
              {t(`documents.kind.${d.kind}`, { code: formatVoucherCode(d.id.split("-")[1] ?? "") })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
