import { DOMParser } from "@xmldom/xmldom";

export class XmlSyntaxError extends Error {}

/**
 * Parses XML that came from outside (CIS answers, bank statements). xmldom reads no external
 * entities or DTDs, so a hostile file cannot make it fetch or expand anything.
 */
export function parseXml(xml: string): Document {
  let failure: string | null = null;
  const doc = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: (msg: string) => {
        failure ??= msg;
      },
      fatalError: (msg: string) => {
        failure ??= msg;
      },
    },
  }).parseFromString(xml, "text/xml") as unknown as Document;
  if (failure || !doc?.documentElement) throw new XmlSyntaxError(failure ?? "empty");
  return doc;
}
