import type { NavigationItem } from "@shop/contracts";
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../ui/i18n.tsx";
import { Icon } from "../../ui/icons.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";

interface MainNavProps {
  items: NavigationItem[];
  label: string;
  /** Called when a link inside is followed (the mobile sidebar closes then). */
  onNavigate?: () => void;
}

/**
 * The top navigation (SPEC §2 Layouts): nested menus expand and collapse on click, linkless items
 * are not links, a click outside or on an inner link closes them, Escape closes the innermost one.
 */
export function MainNav({ items, label, onNavigate }: MainNavProps) {
  const [openPath, setOpenPath] = useState<number[]>([]);
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();
  const location = useLocation();

  // Menus close on route change.
  // (location.key is the trigger, not an input.)
  useEffect(() => {
    setOpenPath([]);
  }, [location.key]);

  useEffect(() => {
    if (openPath.length === 0) return;
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && event.target instanceof Node && !navRef.current.contains(event.target)) setOpenPath([]);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openPath.length]);

  const toggle = (id: number, depth: number) =>
    setOpenPath((path) => (path[depth] === id ? path.slice(0, depth) : [...path.slice(0, depth), id]));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || openPath.length === 0) return;
    event.stopPropagation();
    const innermost = openPath[openPath.length - 1];
    setOpenPath((path) => path.slice(0, -1));
    const button = navRef.current?.querySelector<HTMLButtonElement>(`[data-menu-toggle="${innermost}"]`);
    button?.focus();
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) {
      setOpenPath([]);
      onNavigate?.();
    }
  };

  if (items.length === 0) return null;
  return (
    <nav className="main-nav" aria-label={label} ref={navRef} onKeyDown={onKeyDown} onClick={onClick}>
      <MenuList items={items} depth={0} openPath={openPath} toggle={toggle} baseId={baseId} currentPath={location.pathname} />
    </nav>
  );
}

interface MenuListProps {
  items: NavigationItem[];
  depth: number;
  openPath: number[];
  toggle: (id: number, depth: number) => void;
  baseId: string;
  currentPath: string;
  id?: string;
  open?: boolean;
}

function MenuList({ items, depth, openPath, toggle, baseId, currentPath, id, open }: MenuListProps) {
  const t = useT();
  const className = depth === 0 ? "menu menu--root" : `menu menu--sub${open ? " is-open" : ""}`;
  return (
    <ul className={className} id={id} data-depth={depth}>
      {items.map((item) => {
        const hasChildren = item.children.length > 0;
        const isOpen = openPath[depth] === item.id;
        const submenuId = `${baseId}-menu-${item.id}`;
        const current = item.url !== null && item.url === currentPath ? "page" : undefined;
        return (
          <li key={item.id} className={`menu__item${hasChildren ? " menu__item--parent" : ""}${isOpen ? " is-open" : ""}`}>
            {item.type === "link" && item.url ? (
              <SmartLink to={item.url} className="menu__link" aria-current={current}>
                {item.title}
              </SmartLink>
            ) : hasChildren ? null : (
              <span className="menu__text">{item.title}</span>
            )}
            {hasChildren ? (
              <button
                type="button"
                className={item.type === "link" && item.url ? "menu__toggle menu__toggle--icon" : "menu__toggle"}
                aria-expanded={isOpen}
                aria-controls={submenuId}
                data-menu-toggle={item.id}
                onClick={() => toggle(item.id, depth)}
              >
                {item.type === "link" && item.url ? (
                  <span className="sr-only">{t("nav.submenu", { title: item.title })}</span>
                ) : (
                  <span>{item.title}</span>
                )}
                <Icon name="chevron" size={18} className="menu__chevron" />
              </button>
            ) : null}
            {hasChildren ? (
              <MenuList
                items={item.children}
                depth={depth + 1}
                openPath={openPath}
                toggle={toggle}
                baseId={baseId}
                currentPath={currentPath}
                id={submenuId}
                open={isOpen}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
