import type { ReactNode } from "react";
import { useRootData } from "../lib/root-data.ts";
import { useBrandName } from "./brand.tsx";
import { ServiceBar } from "./service-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** The default layout's header and footer around a page (also around error pages). */
export function SiteChrome({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const brandName = useBrandName();
  return (
    <>
      <ServiceBar delivery={rootData?.delivery} />
      <SiteHeader brandName={brandName} visitor={rootData?.visitor ?? null} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter brandName={brandName} delivery={rootData?.delivery} />
    </>
  );
}
