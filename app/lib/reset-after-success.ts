import { useEffect, useRef } from "react";

/**
 * A form that empties itself once its action reports success, so a second click cannot send the
 * same change again (a page loaded without scripts comes back empty anyway).
 */
export function useResetAfterSuccess(result: { ok: boolean } | undefined) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return form;
}
