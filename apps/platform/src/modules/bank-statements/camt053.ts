import { parseXml, XmlSyntaxError } from "../../shared/xml.ts";
import { centsOf, dayOf, type StatementEntry, StatementFormatError, splitReference } from "./statement-entry.ts";

/**
 * ISO 20022 camt.053 (bank to customer statement), versions .001.02 to .001.08, as Croatian banks
 * export it for businesses. Elements are matched by local name, so every version's namespace reads
 * the same; an entry with transaction details gives one payment per detail (a batch booking).
 */
export function parseCamt053(xml: string): StatementEntry[] {
  let root: Element;
  try {
    root = parseXml(xml).documentElement;
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new StatementFormatError("badXml");
    throw error;
  }
  if (root.localName !== "Document") throw new StatementFormatError("unknownFormat");
  const statements = descendants(root, "Stmt");
  if (statements.length === 0) throw new StatementFormatError("unknownFormat");
  const entries: StatementEntry[] = [];
  let position = 0;
  for (const statement of statements) {
    const account = text(statement, "Acct", "Id", "IBAN") ?? "";
    for (const entry of children(statement, "Ntry")) {
      position += 1;
      if (text(entry, "CdtDbtInd") !== "CRDT" || isReversal(entry)) continue;
      const status = text(entry, "Sts", "Cd") ?? text(entry, "Sts");
      if (status && status !== "BOOK") continue;
      const bookedOn = dayOf(text(entry, "BookgDt", "Dt") ?? text(entry, "BookgDt", "DtTm") ?? text(entry, "ValDt", "Dt") ?? "");
      if (!bookedOn) throw new StatementFormatError("badDate", position);
      const details = descendants(entry, "TxDtls");
      const parts = details.length > 0 ? details : [entry];
      parts.forEach((part, index) => {
        const single = parts.length === 1 ? child(entry, "Amt") : null;
        const amount = amountOf(part === entry ? single : (child(part, "AmtDtls", "TxAmt", "Amt") ?? child(part, "Amt") ?? single), entry);
        if (!amount) throw new StatementFormatError("badAmount", position);
        const remittance = child(part, "RmtInf");
        const structured = remittance ? text(remittance, "Strd", "CdtrRefInf", "Ref") : null;
        const unstructured = remittance ? children(remittance, "Ustrd").map((u) => u.textContent?.trim() ?? "") : [];
        const { model, reference } = splitReference(structured ?? unstructured.join(" "));
        const bankRef =
          text(part, "Refs", "AcctSvcrRef") ?? text(entry, "AcctSvcrRef") ?? text(part, "Refs", "EndToEndId") ?? `${bookedOn}#${position}`;
        entries.push({
          key: `camt:${account}:${bankRef}${parts.length > 1 && !text(part, "Refs", "AcctSvcrRef") ? `#${index + 1}` : ""}`,
          bookedOn,
          amountCents: amount.cents,
          currency: amount.currency,
          model,
          reference,
          payer: text(part, "RltdPties", "Dbtr", "Nm") ?? text(part, "RltdPties", "Dbtr", "Pty", "Nm"),
          description: unstructured.join(" ").trim() || null,
        });
      });
    }
  }
  return entries;
}

function amountOf(amount: Element | null, entry: Element): { cents: number; currency: string } | null {
  const cents = amount?.textContent ? centsOf(amount.textContent) : null;
  if (!amount || cents === null || cents <= 0) return null;
  return { cents, currency: amount.getAttribute("Ccy") || child(entry, "Amt")?.getAttribute("Ccy") || "" };
}

function isReversal(entry: Element): boolean {
  return text(entry, "RvslInd") === "true";
}

function children(parent: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) found.push(node as Element);
  }
  return found;
}

function child(parent: Element, ...path: string[]): Element | null {
  let current: Element | undefined = parent;
  for (const name of path) {
    current = current ? children(current, name)[0] : undefined;
    if (!current) return null;
  }
  return current ?? null;
}

function text(parent: Element, ...path: string[]): string | null {
  return child(parent, ...path)?.textContent?.trim() || null;
}

function descendants(parent: Element, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS("*", name));
}
