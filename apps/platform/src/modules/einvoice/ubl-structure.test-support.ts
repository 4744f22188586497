import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { expect } from "vitest";

/**
 * Checks an Invoice against the structure of UBL 2.1 as the npm package ubl-builder (pinned
 * 1.4.5) describes it, since the OASIS XSD cannot be brought onto these machines (ADR 17): each
 * element's children are ones its type allows, in the schema's order, within their cardinality,
 * required ones present; basic elements hold only text and only the attributes their data type
 * has. What ubl-builder does not describe is answered as `unchecked`, never guessed.
 *
 * Where ubl-builder's knowledge sits (read from the package, not copied):
 * - the Invoice's children: `INVOICE_CHILDREN_MAP` (all 54, with order, min and max);
 * - an aggregate's children: the table of the UBL 2.1 type (number, element, [min..max]) in the
 *   doc comment of its class's file, the whole type; where a file has none, the class's
 *   `paramsMap`, a hand-picked part of the type, so an element it lacks is unchecked, not wrong
 *   (where both exist the table wins: the paramsMap has mistakes, ADR 17);
 * - the type of a child: its `classRef` in the parent's `paramsMap`, else the class exported
 *   under the element's name;
 * - a basic element's attributes: those its data type class's setters write.
 */

/** Written out here rather than imported from the builder, so a slip there cannot pass itself. */
export const UBL_NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  ext: "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
} as const;

type AnyClass = (new (...args: never[]) => unknown) & { name: string };
interface ParamsMapValue {
  order: number;
  attributeName: string;
  min: number;
  max?: number;
  classRef?: AnyClass;
}
interface ChildrenMapValue {
  order: number;
  childName: string;
  min: number;
  max?: number;
}

interface Child {
  order: number;
  min: number;
  /** Undefined: unbounded. */
  max: number | undefined;
  type: AnyClass | undefined;
}
interface TypeDescription {
  /** For messages: the class ubl-builder names the type by. */
  name: string;
  children: Map<string, Child>;
  /** False where only the class's partial paramsMap describes it. */
  whole: boolean;
}

const require = createRequire(import.meta.url);
const LIB = dirname(require.resolve("ubl-builder/lib/ubl21/schemaDocuments/ChildrenMap.js"));
const { INVOICE_CHILDREN_MAP } = require("ubl-builder/lib/ubl21/schemaDocuments/ChildrenMap.js") as {
  INVOICE_CHILDREN_MAP: Record<string, ChildrenMapValue>;
};
const AGGREGATES_DIR = join(LIB, "..", "CommonAggregateComponents");
const aggregates = require(join(AGGREGATES_DIR, "index.js")) as Record<string, unknown>;
const GenericAggregate = (require(join(AGGREGATES_DIR, "GenericAggregateComponent.js")) as { default: AnyClass }).default;

/**
 * UBL 2.1 Invoice has `cac:InvoiceLine` [1..*]; ubl-builder's map says [0..1] while its own
 * `addInvoiceLine` writes any number of lines, so its map is read with this one correction.
 */
const ROOT_CORRECTIONS: Record<string, Pick<Child, "min" | "max">> = { "cac:InvoiceLine": { min: 1, max: undefined } };

const isAggregateClass = (c: AnyClass | undefined): c is AnyClass => !!c && c.prototype instanceof GenericAggregate;

/** A row of the UBL documentation's table of a type's children, e.g. `12  cac:SellersItemIdentification [0..1]`. */
const TABLE_ROW = /^\s*(\d+)\s+((?:cac|cbc|ext):[A-Za-z]+)\s*\[(\d+)\.\.(\d+|\*)\]/gm;

function tableOf(file: string): { order: number; name: string; min: number; max: number | undefined }[] | null {
  const rows = [...readFileSync(join(AGGREGATES_DIR, file), "utf8").matchAll(TABLE_ROW)].map((m) => ({
    order: Number(m[1]),
    name: m[2] as string,
    min: Number(m[3]),
    max: m[4] === "*" ? undefined : Number(m[4]),
  }));
  // One table numbered 1..n, or none usable.
  return rows.length > 0 && rows.every((r, i) => r.order === i + 1) ? rows : null;
}

/** Each class of CommonAggregateComponents with its file; of two files exporting it, the one with a table. */
const fileOfClass = new Map<AnyClass, string>();
for (const file of readdirSync(AGGREGATES_DIR).filter((f) => f.endsWith(".js") && f !== "index.js")) {
  const exported = require(join(AGGREGATES_DIR, file)) as Record<string, unknown>;
  for (const value of Object.values(exported)) {
    if (typeof value !== "function") continue;
    const known = fileOfClass.get(value as AnyClass);
    if (!known || (!tableOf(known) && tableOf(file))) fileOfClass.set(value as AnyClass, file);
  }
}

const paramsMapOf = (type: AnyClass): Record<string, ParamsMapValue> | null => {
  try {
    return new (type as unknown as new (content: object) => { paramsMap: Record<string, ParamsMapValue> })({}).paramsMap;
  } catch {
    // A class whose constructor insists on content (AddressLine) tells nothing here.
    return null;
  }
};

const exportedAs = (name: string): AnyClass | undefined => {
  const value = aggregates[name.slice(4)];
  return typeof value === "function" ? (value as AnyClass) : undefined;
};

const descriptions = new Map<AnyClass, TypeDescription | null>();

function describe(type: AnyClass): TypeDescription | null {
  if (descriptions.has(type)) return descriptions.get(type) ?? null;
  const params = paramsMapOf(type);
  const file = fileOfClass.get(type);
  const table = file ? tableOf(file) : null;
  const classRefOf = (name: string) => Object.values(params ?? {}).find((p) => p.attributeName === name)?.classRef ?? exportedAs(name);
  let description: TypeDescription | null = null;
  if (table) {
    description = {
      name: type.name,
      whole: true,
      children: new Map(table.map((r) => [r.name, { order: r.order, min: r.min, max: r.max, type: classRefOf(r.name) }])),
    };
  } else if (params) {
    description = {
      name: type.name,
      whole: false,
      children: new Map(Object.values(params).map((p) => [p.attributeName, { order: p.order, min: p.min, max: p.max, type: p.classRef }])),
    };
  }
  descriptions.set(type, description);
  return description;
}

const INVOICE: TypeDescription = {
  name: "Invoice",
  whole: true,
  children: new Map(
    Object.values(INVOICE_CHILDREN_MAP).map((c) => [
      c.childName,
      { order: c.order, min: c.min, max: c.max, type: exportedAs(c.childName), ...ROOT_CORRECTIONS[c.childName] },
    ]),
  ),
};

const allowedAttributes = new Map<AnyClass, Set<string>>();

/** The attributes a data type class can write: what its setters put into `attributes`. */
function attributesOf(type: AnyClass): Set<string> {
  const known = allowedAttributes.get(type);
  if (known) return known;
  const names = new Set<string>();
  for (let proto = type.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const key of Object.getOwnPropertyNames(proto).filter((k) => k.startsWith("set"))) {
      const probe = { attributes: {} as Record<string, unknown> };
      try {
        (Reflect.get(proto, key) as (value: string) => void).call(probe, "x");
      } catch {
        // A setter of content that validates it; it writes no attribute.
      }
      for (const name of Object.keys(probe.attributes)) names.add(name);
    }
  }
  allowedAttributes.set(type, names);
  return names;
}

export interface UblStructureReport {
  /** What breaks the structure, each beginning with the element's path. */
  errors: string[];
  /** Paths (without positions) of what ubl-builder does not describe, so was not checked. */
  unchecked: string[];
}

const PREFIX_OF: Record<string, string> = { [UBL_NS.cac]: "cac", [UBL_NS.cbc]: "cbc", [UBL_NS.ext]: "ext" };

const elementsOf = (node: Element) => Array.from(node.childNodes).filter((n): n is Element => n.nodeType === 1);

export function checkUblInvoiceStructure(xml: string): UblStructureReport {
  const errors: string[] = [];
  const unchecked = new Set<string>();
  const root = new DOMParser({ errorHandler: (level: string, message: string) => errors.push(`XML ${level}: ${message}`) }).parseFromString(
    xml,
    "application/xml",
  ).documentElement as Element | null;
  if (!root) return { errors: [...errors, "no document element"], unchecked: [] };
  if (root.localName !== "Invoice" || root.namespaceURI !== UBL_NS.invoice)
    errors.push(`/${root.tagName}: the root must be Invoice in ${UBL_NS.invoice}, not ${root.localName} in ${root.namespaceURI}`);

  const checkBasic = (element: Element, path: string, type: AnyClass | undefined) => {
    if (elementsOf(element).length > 0) errors.push(`${path}: a basic component holds only text, not elements`);
    const attributes = Array.from(element.attributes).filter((a) => a.name !== "xmlns" && a.prefix !== "xmlns");
    if (!type) {
      if (attributes.length > 0) unchecked.add(`${path.replace(/\[\d+\]/g, "")}/@*`);
      return;
    }
    const allowed = attributesOf(type);
    for (const a of attributes)
      if (!allowed.has(a.name)) errors.push(`${path}/@${a.name}: not an attribute of ${type.name} (${[...allowed].join(", ") || "none"})`);
  };

  const checkAggregate = (element: Element, path: string, type: TypeDescription) => {
    for (const n of Array.from(element.childNodes))
      if (n.nodeType === 3 && (n.nodeValue ?? "").trim()) errors.push(`${path}: an aggregate holds elements, not text`);
    const children = elementsOf(element);
    const counts = new Map<string, number>();
    let last: { name: string; order: number } | null = null;
    for (const child of children) {
      const prefix = PREFIX_OF[child.namespaceURI ?? ""];
      const name = `${prefix ?? child.prefix}:${child.localName}`;
      const position = (counts.get(name) ?? 0) + 1;
      counts.set(name, position);
      const many = children.filter((c) => c.namespaceURI === child.namespaceURI && c.localName === child.localName).length > 1;
      const childPath = `${path}/${name}${many ? `[${position}]` : ""}`;
      if (!prefix) {
        errors.push(`${childPath}: namespace ${child.namespaceURI} is not one of UBL 2.1's`);
        continue;
      }
      const rule = type.children.get(name);
      if (!rule) {
        if (type.whole) errors.push(`${childPath}: not an element of ${type.name} in UBL 2.1`);
        else unchecked.add(childPath.replace(/\[\d+\]/g, ""));
        continue;
      }
      if (last && rule.order < last.order) errors.push(`${childPath}: out of order, UBL 2.1 puts it before ${last.name}`);
      else last = { name, order: rule.order };
      if (prefix === "cbc") checkBasic(child, childPath, rule.type);
      else {
        const childType = isAggregateClass(rule.type) ? describe(rule.type) : null;
        if (childType) checkAggregate(child, childPath, childType);
        else unchecked.add(`${childPath.replace(/\[\d+\]/g, "")}/*`);
      }
    }
    for (const [name, rule] of type.children) {
      const count = counts.get(name) ?? 0;
      if (count < rule.min) errors.push(`${path}/${name}: missing, ${type.name} requires at least ${rule.min}`);
      if (rule.max !== undefined && count > rule.max)
        errors.push(`${path}/${name}: ${count} of them, ${type.name} allows at most ${rule.max}`);
    }
  };

  checkAggregate(root, `/${root.localName}`, INVOICE);
  return { errors, unchecked: [...unchecked].sort() };
}

/**
 * What our invoices hold that ubl-builder does not describe: `SellerContact` (HR-BT-4/5, the
 * operator) is missing from its partial map of the supplier party, and it has no class for
 * `CommodityClassification` (the KPD code), so neither's content can be checked here.
 */
export const NOT_DESCRIBED_BY_UBL_BUILDER = [
  "/Invoice/cac:AccountingSupplierParty/cac:SellerContact",
  "/Invoice/cac:InvoiceLine/cac:Item/cac:CommodityClassification/*",
];

/** Fails with every structural error of the invoice, each with its path. */
export function expectUblInvoiceStructure(xml: string): void {
  expect(checkUblInvoiceStructure(xml)).toEqual({ errors: [], unchecked: NOT_DESCRIBED_BY_UBL_BUILDER });
}
