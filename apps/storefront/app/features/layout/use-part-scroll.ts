import { SMOOTH_SCROLL_MS } from "@shop/contracts";
import { useEffect } from "react";
import { useLocation } from "react-router";

/** SPEC §2/§9: scroll smoothly (500 ms) to the element whose id the query parameter `part` names. */
export function usePartScroll() {
  const location = useLocation();
  useEffect(() => {
    const part = new URLSearchParams(location.search).get("part");
    if (!part) return;
    let frame = 0;
    // After the router's own scroll restoration has run.
    const start = requestAnimationFrame(() => {
      const target = document.getElementById(part);
      if (!target) return;
      const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      const to = Math.max(0, target.getBoundingClientRect().top + window.scrollY - margin);
      const focus = () => {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      };
      if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
        window.scrollTo(0, to);
        focus();
        return;
      }
      const from = window.scrollY;
      const began = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - began) / SMOOTH_SCROLL_MS);
        const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
        window.scrollTo(0, from + (to - from) * eased);
        if (progress < 1) frame = requestAnimationFrame(step);
        else focus();
      };
      frame = requestAnimationFrame(step);
    });
    return () => {
      cancelAnimationFrame(start);
      cancelAnimationFrame(frame);
    };
  }, [location.search]);
}
