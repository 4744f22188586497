import { useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { PARAM } from "./product-query.ts";

interface ConfigureFirstProps {
  /** The form of the choices, submitted with addTried=1 when scripts are off. */
  form: string;
  noticeId: string;
  /** Whether the 'choose first' notice shows. */
  shown: boolean;
  onShow: () => void;
  className: string;
  buttonClassName: string;
}

/**
 * The add button while the configuration is incomplete (SPEC §4 Addability): with scripts it shows
 * the configurationNotSet notice here; without, it reloads the page with addTried=1, which shows it.
 */
export function ConfigureFirst({ form, noticeId, shown, onShow, className, buttonClassName }: ConfigureFirstProps) {
  const t = useT();
  return (
    <div className={className}>
      <button
        type="submit"
        form={form}
        name={PARAM.addTried}
        value="1"
        className={buttonClassName}
        onClick={(event) => {
          event.preventDefault();
          onShow();
          document.getElementById(noticeId)?.focus();
        }}
      >
        {t("cart.add")}
      </button>
      {shown ? (
        <div id={noticeId} tabIndex={-1}>
          <Notice kind="info">{t("core.notifications.configurationNotSet")}</Notice>
        </div>
      ) : null}
    </div>
  );
}
