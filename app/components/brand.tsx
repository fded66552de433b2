import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

export function useBrandName(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.brandName ?? "Nectar Lab";
}

/** The logo and name, linking home: the left of every header. */
export function BrandLink({ brandName }: { brandName: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-brand-900">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {brandName}
    </Link>
  );
}
