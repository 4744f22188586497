/**
 * The emulator's stand-in for Monri's `components.js` (reference B2, Wallets): the same calls the
 * real script offers a shop (`Monri(token, {locale}).components({clientSecret}).create(type,
 * options)`, `mount`, `onStartPayment`, `onChange`, `monri.confirmPayment(component, transaction)`
 * resolving to `{result, error}`), drawing a plain button and a behaviour picker where Monri draws
 * its frame. It runs in the shop's page, so it only uses what the shop's CSP allows: its own origin.
 */

export interface ComponentsTexts {
  emulator: string;
  behaviour: string;
  failed: string;
  behaviours: Record<string, string>;
}

export function componentsScript(texts: Record<string, ComponentsTexts>, behaviours: readonly string[]): string {
  return `(function () {
  "use strict";
  var script = document.currentScript;
  var base = script ? script.src.replace(/\\/dist\\/components\\.js(\\?.*)?$/, "") : "";
  var TEXTS = ${JSON.stringify(texts)};
  var BEHAVIOURS = ${JSON.stringify(behaviours)};
  var LABELS = { "google-pay": "Google Pay", "apple-pay": "Apple Pay", "pay-cek": "PayCek", "card": "Card" };
  window.Monri = function (token, options) {
    var t = TEXTS[(options && options.locale) || "hr"] || TEXTS.hr;
    return {
      components: function (settings) {
        var secret = settings && settings.clientSecret;
        return {
          create: function (type) {
            var starters = [];
            var select = null;
            var component = {
              mount: function (target) {
                var host = typeof target === "string" ? document.getElementById(target) : target;
                if (!host) throw new Error("Monri: no element " + target);
                var id = "monri-emulator-" + type;
                var label = document.createElement("label");
                label.htmlFor = id + "-behaviour";
                label.textContent = t.behaviour;
                select = document.createElement("select");
                select.id = id + "-behaviour";
                BEHAVIOURS.forEach(function (b) {
                  var option = document.createElement("option");
                  option.value = b;
                  option.textContent = t.behaviours[b] || b;
                  select.appendChild(option);
                });
                var button = document.createElement("button");
                button.type = "button";
                button.className = "button button--large";
                button.textContent = (LABELS[type] || type) + " (" + t.emulator + ")";
                button.addEventListener("click", function () {
                  starters.forEach(function (start) { start(); });
                });
                var wrap = document.createElement("div");
                wrap.className = "monri-emulator";
                wrap.style.cssText = "display:grid;gap:.5rem;justify-items:center";
                select.style.cssText = "font:inherit;padding:.25rem .5rem";
                wrap.appendChild(label);
                wrap.appendChild(select);
                wrap.appendChild(button);
                host.appendChild(wrap);
                return component;
              },
              onStartPayment: function (start) { starters.push(start); return component; },
              onChange: function () { return component; },
              _secret: secret,
              _behaviour: function () { return select ? select.value : "normal"; }
            };
            return component;
          }
        };
      },
      confirmPayment: function (component, transaction) {
        return fetch(base + "/v2/components/confirm", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ client_secret: component._secret, behaviour: component._behaviour(), transaction: transaction || {} })
        })
          .then(function (response) { return response.json(); })
          .then(function (answer) { return { result: answer.result || null, error: answer.error || null }; })
          .catch(function () { return { result: null, error: { message: t.failed } }; });
      }
    };
  };
})();
`;
}
