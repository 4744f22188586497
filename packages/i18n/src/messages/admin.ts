import type { Locale } from "@shop/contracts";
import type { Messages } from "../translate.ts";
import de from "./de/admin.json" with { type: "json" };
import deCatalog from "./de/admin-catalog.json" with { type: "json" };
import deEditor from "./de/admin-editor.json" with { type: "json" };
import deMedia from "./de/admin-media.json" with { type: "json" };
import deOrders from "./de/admin-orders.json" with { type: "json" };
import dePeople from "./de/admin-people.json" with { type: "json" };
import deSite from "./de/admin-site.json" with { type: "json" };
import deTools from "./de/admin-tools.json" with { type: "json" };
import en from "./en/admin.json" with { type: "json" };
import enCatalog from "./en/admin-catalog.json" with { type: "json" };
import enEditor from "./en/admin-editor.json" with { type: "json" };
import enMedia from "./en/admin-media.json" with { type: "json" };
import enOrders from "./en/admin-orders.json" with { type: "json" };
import enPeople from "./en/admin-people.json" with { type: "json" };
import enSite from "./en/admin-site.json" with { type: "json" };
import enTools from "./en/admin-tools.json" with { type: "json" };
import hr from "./hr/admin.json" with { type: "json" };
import hrCatalog from "./hr/admin-catalog.json" with { type: "json" };
import hrEditor from "./hr/admin-editor.json" with { type: "json" };
import hrMedia from "./hr/admin-media.json" with { type: "json" };
import hrOrders from "./hr/admin-orders.json" with { type: "json" };
import hrPeople from "./hr/admin-people.json" with { type: "json" };
import hrSite from "./hr/admin-site.json" with { type: "json" };
import hrTools from "./hr/admin-tools.json" with { type: "json" };

/**
 * The back office's texts (admin pages, the admin bar, the staff login): kept out of the languages'
 * files that every visitor's page carries; the storefront loads them for staff only
 * (`loadAdminMessages`), the server has them always. One file per area of the back office: orders,
 * catalog, people (customers and moderation) site (consents, caches, settings) tools (page templates, the non-production tools), the in-page editor and the media library.
 */
export const adminMessages: Record<Locale, Messages> = {
  hr: { ...hr, ...hrOrders, ...hrCatalog, ...hrPeople, ...hrSite, ...hrTools, ...hrEditor, ...hrMedia },
  en: { ...en, ...enOrders, ...enCatalog, ...enPeople, ...enSite, ...enTools, ...enEditor, ...enMedia },
  de: { ...de, ...deOrders, ...deCatalog, ...dePeople, ...deSite, ...deTools, ...deEditor, ...deMedia },
};
