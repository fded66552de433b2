import { useEffect } from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import type { ActionResult } from "../../lib/action-result.server.ts";
import type { loader as bagLoader } from "../../routes/bag.tsx";
import { FreeDeliveryBar } from "./free-delivery-bar.tsx";

/**
 * What a page's add to the bag answers, and after one that worked, the bag's progress to free
 * delivery with its offer; the offer posts through the same fetcher, so its answer shows here too.
 */
export function AddedToBag({ fetcher }: { fetcher: FetcherWithComponents<ActionResult | undefined> }) {
  const bag = useFetcher<typeof bagLoader>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { load } = bag;
  useEffect(() => {
    if (result?.ok) void load("/bag");
  }, [result, load]);
  const progress = result?.ok ? bag.data?.freeDelivery : null;
  return (
    <>
      <div aria-live="polite" className="mt-4 min-h-6 md:mt-5">
        {result && (
          <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-brand-800" : "text-sale"}>
            {result.message}{" "}
            {result.ok && (
              <Link to="/bag" className="font-semibold underline">
                View bag
              </Link>
            )}
          </p>
        )}
      </div>
      {progress && (
        <div className="mt-3">
          <FreeDeliveryBar progress={progress} form={fetcher.Form} busy={fetcher.state !== "idle"} />
        </div>
      )}
    </>
  );
}
