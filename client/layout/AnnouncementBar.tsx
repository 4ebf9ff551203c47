/** The dismissible bar above the navbar. Dismissal is remembered per announcement id (boot script). */
import type { AnnouncementConfig } from "../../common/site-config";

export function AnnouncementBar({ bar }: { bar: AnnouncementConfig }) {
  return (
    <div className="announcement" data-id={bar.id} role="region" aria-label="Announcement">
      <p className={`announcement-text announcement-${bar.id}`}>
        {bar.content}
        {bar.link ? (
          <>
            {" "}
            <a href={bar.link.href} data-site-link="">
              {bar.link.label}
            </a>
          </>
        ) : null}
      </p>
      {bar.isCloseable ? (
        <button
          type="button"
          className="announcement-close"
          aria-label="Close announcement"
          data-dismiss-announcement=""
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
