import type { KeyboardEvent, MouseEvent } from "react";
import { useT } from "../../ui/i18n.tsx";
import "./media.css";

interface Point {
  x: number;
  y: number;
}

const STEP = 5;
const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/**
 * The focal point of an image, chosen by clicking it or, once focused, with the arrow keys (5 % a
 * press); the number inputs beside it say the same and work without JavaScript.
 */
export function FocalPointPicker({ src, value, onChange }: { src: string; value: Point; onChange: (p: Point) => void }) {
  const t = useT();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onChange({ x: clamp(((e.clientX - box.left) / box.width) * 100), y: clamp(((e.clientY - box.top) / box.height) * 100) });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -STEP, y: 0 },
      ArrowRight: { x: STEP, y: 0 },
      ArrowUp: { x: 0, y: -STEP },
      ArrowDown: { x: 0, y: STEP },
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onChange({ x: clamp(value.x + move.x), y: clamp(value.y + move.y) });
  };
  return (
    // A pointer surface with a keyboard equivalent: the role says it is one control with a value.
    <div
      className="focal-picker"
      role="slider"
      tabIndex={0}
      aria-label={t("admin.media.focal.picker")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value.x}
      aria-valuetext={t("admin.media.focal.value", { x: value.x, y: value.y })}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <img src={src} alt="" className="focal-picker__image" draggable={false} />
      <span className="focal-picker__mark" style={{ left: `${value.x}%`, top: `${value.y}%` }} aria-hidden="true" />
    </div>
  );
}
