/**
 * Payment by bank transfer: the HUB-3A slip with its PDF417 barcode, for the thank-you page (SVG),
 * the order e-mail (PNG) and print (PDF). Pure functions: the shop's bank details come from the caller.
 */
export { hub3BarcodePng, hub3BarcodeSvg } from "./hub3-barcode.ts";
export { fitHub3Slip, Hub3Error, type Hub3Options, type Hub3Party, type Hub3Slip, hub3Payload, hub3Reference } from "./hub3-payload.ts";
export { type Hub3SlipLabel, type Hub3SlipPdfOptions, hub3SlipPdf } from "./hub3-slip-pdf.ts";
