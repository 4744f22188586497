import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";

export interface PickOption {
  /** What is stored when picked (a slug or an id as text). */
  value: string;
  label: string;
  /** A second line: the slug, the kind… */
  hint?: string;
}

/** Answers the options for a query, or a message (already in the page's language) when the call failed. */
export type PickSearch = (query: string) => Promise<PickOption[] | { error: string }>;

/**
 * A search box with its results as radio buttons (one pick) or checkboxes (several): arrow keys and
 * space choose, as native inputs do. The search runs as staff type, a moment after they stop.
 */
export function PickList({
  label,
  search,
  selected,
  onPick,
  multiple = false,
  minQuery = 0,
}: {
  label: string;
  search: PickSearch;
  selected: readonly string[];
  /** For one pick: the option chosen; for several: the option toggled. */
  onPick: (option: PickOption) => void;
  multiple?: boolean;
  /** Searches only from this many characters (searchSlugs needs one). */
  minQuery?: number;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<{ options: PickOption[]; error: string | null; loading: boolean }>({
    options: [],
    error: null,
    loading: false,
  });
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (query.trim().length < minQuery) {
      setState({ options: [], error: null, loading: false });
      return;
    }
    let stale = false;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      const answer = await searchRef.current(query.trim());
      if (stale) return;
      setState(
        Array.isArray(answer) ? { options: answer, error: null, loading: false } : { options: [], error: answer.error, loading: false },
      );
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query, minQuery]);

  const statusText = state.loading
    ? t("editor.modals.pick.loading")
    : state.error
      ? state.error
      : query.trim().length < minQuery
        ? t("editor.modals.pick.typeToSearch")
        : state.options.length === 0
          ? t("editor.modals.pick.none")
          : t("editor.modals.pick.count", { count: state.options.length });

  return (
    <div className="editor-picked">
      <div className="field">
        <label htmlFor={`${id}-q`}>{label}</label>
        <input id={`${id}-q`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      <p className={state.error ? "editor-modal__error" : "editor-modal__muted"} role="status">
        {statusText}
      </p>
      {state.options.length ? (
        <fieldset>
          <legend className="sr-only">{label}</legend>
          <ul className="editor-options">
            {state.options.map((option) => (
              <li key={option.value}>
                <label>
                  <input
                    type={multiple ? "checkbox" : "radio"}
                    name={`${id}-pick`}
                    value={option.value}
                    checked={selected.includes(option.value)}
                    onChange={() => onPick(option)}
                  />
                  <span>{option.label}</span>
                  {option.hint ? <small>{option.hint}</small> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
