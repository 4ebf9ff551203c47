/**
 * "Your site did not load properly.": shown when the page is served under a path that does not
 * match the configured base URL (a proxy added or stripped a prefix), so the stylesheet and the
 * boot script, linked under the base URL, do not load. It needs neither: it is plain markup at the
 * top of the body, and the stylesheet hides it (`.base-url-banner`), so on a healthy page it never
 * shows (the stylesheet blocks the first paint). The boot script also shows it when it did load
 * but the address lies outside the base URL (client/boot/site-checks.client.ts).
 */
export function BaseUrlBanner({ base }: { base: string }) {
  return (
    <div className="base-url-banner" role="alert">
      <strong>Your site did not load properly.</strong>{" "}
      <span>
        Its styles and scripts are served under the base URL {base}, and this address does not match it. Set baseUrl in
        content/site.yaml to the path the site is served from.
      </span>
    </div>
  );
}
