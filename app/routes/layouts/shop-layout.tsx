import { Outlet } from "react-router";
import { SiteChrome } from "../../components/site-chrome.tsx";

export default function ShopLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}
