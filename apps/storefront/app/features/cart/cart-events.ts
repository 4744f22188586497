import type { ToastMessage } from "../../ui/notice.tsx";

/** Window events between the cart's forms (anywhere on the page) and the layout's cart modal and toasts. */
const OPEN_EVENT = "shop:cart-open";
const TOAST_EVENT = "shop:cart-toast";

export function openCartModal(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onCartModalOpen(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}

let toastSeq = 0;

export function cartToast(kind: ToastMessage["kind"], text: string): void {
  toastSeq += 1;
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: { id: `cart-${toastSeq}`, kind, text } }));
}

export function onCartToast(listener: (toast: ToastMessage) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ToastMessage>).detail);
  window.addEventListener(TOAST_EVENT, handler);
  return () => window.removeEventListener(TOAST_EVENT, handler);
}
