import { Link } from "react-router";
import { useRootData } from "../lib/root-data.ts";

export function useBrandName(): string {
  return useRootData()?.brandName ?? "Nectar Lab";
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
