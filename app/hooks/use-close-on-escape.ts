import { useEffect, useRef } from "react";
import { openEscapeLayer } from "~/lib/escape-key";

/** The press then no longer counts toward Quick exit (app/lib/escape-key.ts). */
export function useCloseOnEscape(open: boolean, close: () => void, panel: React.RefObject<HTMLElement | null>): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    return openEscapeLayer(
      () => closeRef.current(),
      () => panel.current,
    );
  }, [open, panel]);
}
