import type { ImageData } from "@shop/contracts";
import type { ReactNode } from "react";

export function BlockImage({ image, priority = false, className }: { image: ImageData; priority?: boolean; className?: string }) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
    />
  );
}

export function Heading({ level, className, children }: { level: 1 | 2; className?: string; children: ReactNode }) {
  return level === 1 ? <h1 className={className}>{children}</h1> : <h2 className={className}>{children}</h2>;
}
