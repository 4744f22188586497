/** Test-only: statements as Croatian banks export them. */

export interface CamtEntry {
  amountCents: number;
  /** The bank's id of the entry (AcctSvcrRef). */
  bankRef: string;
  /** Structured creditor reference, e.g. "HR00 2026-000123". */
  reference?: string;
  /** Free text of the remittance. */
  text?: string;
  debit?: boolean;
  booked?: string;
  payer?: string;
  /** Several payments booked as one entry. */
  batch?: { amountCents: number; bankRef: string; reference: string }[];
}

const amount = (cents: number) => (cents / 100).toFixed(2);

function remittance(reference: string | undefined, text: string | undefined): string {
  if (reference)
    return `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>${reference.slice(0, 4)}</Prtry></CdOrPrtry></Tp><Ref>${reference}</Ref></CdtrRefInf></Strd>${text ? `<Ustrd>${text}</Ustrd>` : ""}</RmtInf>`;
  return text ? `<RmtInf><Ustrd>${text}</Ustrd></RmtInf>` : "";
}

/**
 * A camt.053 statement; version 2 writes the entry's status as text, version 8 as a code, as the
 * two schemas do.
 */
export function camt053(entries: CamtEntry[], options: { iban?: string; version?: "02" | "08" } = {}): string {
  const version = options.version ?? "02";
  const status = version === "02" ? "<Sts>BOOK</Sts>" : "<Sts><Cd>BOOK</Cd></Sts>";
  const payer = (name: string | undefined) =>
    name ? `<RltdPties><Dbtr>${version === "02" ? `<Nm>${name}</Nm>` : `<Pty><Nm>${name}</Nm></Pty>`}</Dbtr></RltdPties>` : "";
  const ntry = (e: CamtEntry) => `
      <Ntry>
        <Amt Ccy="EUR">${amount(e.amountCents)}</Amt>
        <CdtDbtInd>${e.debit ? "DBIT" : "CRDT"}</CdtDbtInd>
        ${status}
        <BookgDt><Dt>${e.booked ?? "2026-11-25"}</Dt></BookgDt>
        <ValDt><Dt>${e.booked ?? "2026-11-25"}</Dt></ValDt>
        <AcctSvcrRef>${e.bankRef}</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>NTRF</Cd></Prtry></BkTxCd>
        <NtryDtls>${(e.batch ?? [null])
          .map(
            (b) => `
          <TxDtls>
            ${b ? `<Refs><AcctSvcrRef>${b.bankRef}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${amount(b.amountCents)}</Amt></TxAmt></AmtDtls>` : ""}
            ${payer(e.payer)}
            ${remittance(b?.reference ?? e.reference, b ? undefined : e.text)}
          </TxDtls>`,
          )
          .join("")}
        </NtryDtls>
      </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-2026-11-25</MsgId><CreDtTm>2026-11-25T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>2026-11-25-1</Id>
      <CreDtTm>2026-11-25T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${options.iban ?? "HR1723600001101234565"}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-25</Dt></Dt></Bal>${entries
        .map(ntry)
        .join("")}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

/** A CSV of transactions as internet banking exports it: account lines above the header, semicolons, decimal commas. */
export function bankCsv(
  rows: { date: string; credit: string; debit?: string; reference: string; payer: string; text: string; id: string }[],
): string {
  return [
    "Izvadak prometa po računu;HR1723600001101234565",
    "Razdoblje;01.11.2026.;25.11.2026.",
    "",
    "Datum valute;Naziv platitelja;Opis plaćanja;Poziv na broj primatelja;Duguje;Potražuje;Referenca banke",
    ...rows.map((r) =>
      [r.date, r.payer, r.text, r.reference, r.debit ?? "", r.credit, r.id].map((v) => (v.includes(";") ? `"${v}"` : v)).join(";"),
    ),
  ].join("\r\n");
}
