import { isBackOfficePath, localeFromPath, toLocale } from "@shop/contracts";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadAdminMessages, loadMessages } from "./ui/messages.ts";

// Hydration must render the server's text, so the page's language is loaded first: the document's
// (the back office speaks its user's language, not the address's). Should that fail, the page stays
// as the server sent it, which works without JavaScript. Staff's pages (the back office, and site
// pages with the admin bar) also need the back office's texts.
const staffPage = isBackOfficePath(window.location.pathname) || document.querySelector(".admin-bar") !== null;
Promise.all([
  loadMessages(toLocale(document.documentElement.lang) ?? localeFromPath(window.location.pathname)),
  staffPage ? loadAdminMessages() : null,
]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
