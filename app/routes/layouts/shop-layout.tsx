import { Outlet } from "react-router";
import { FriendOfferNote } from "../../components/friend-offer-note.tsx";
import { SiteChrome } from "../../components/site-chrome.tsx";

export default function ShopLayout() {
  return (
    <SiteChrome>
      {/* First in the main content, so "Skip to content" and the keyboard reach its Dismiss first. */}
      <FriendOfferNote />
      <Outlet />
    </SiteChrome>
  );
}
