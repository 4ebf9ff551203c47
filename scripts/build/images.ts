/**
 * Images in pages: a relative `src` is read from beside the page, content-hashed and published as
 * /_assets/<hash>.<ext> (immutable). Every image gets its intrinsic width and height (no layout
 * shift), lazy loading and async decoding; a missing alt text is a warning.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { walkElements } from "../../common/tree-walk";
import type { BuiltPage } from "../../common/build/pages";
import { imageSize } from "image-size";
import { IMAGE_TYPES } from "../../common/image-types";

export interface ContentAsset {
  contentType: string;
  body: Buffer;
}

const ASSET_PREFIX = "/_assets/";

export async function processImages(
  pages: BuiltPage[],
  dirs: { docs: string; publicDir: string },
  warn: (m: string) => void,
): Promise<Map<string, ContentAsset>> {
  const assets = new Map<string, ContentAsset>();
  const jobs: Promise<void>[] = [];
  for (const page of pages) {
    const where = page.source ?? page.route;
    walkElements(page.tree, (el) => {
      if (el[0] !== "img") return;
      const props = (el[1] ??= {});
      const src = typeof props.src === "string" ? props.src : "";
      if (typeof props.alt !== "string")
        warn(`${where}: image ${src} has no alt text (use alt="" for a decorative image)`);
      props.loading ??= "lazy";
      props.decoding ??= "async";
      if (/^(?:[a-z]+:)?\/\//i.test(src) || src.startsWith("data:")) {
        if (props.width === undefined || props.height === undefined)
          warn(`${where}: external image ${src} needs width and height`);
        return;
      }
      const ext = path.extname(src).slice(1).toLowerCase();
      if (!IMAGE_TYPES[ext]) {
        warn(`${where}: image ${src} is not an image type the site serves (${Object.keys(IMAGE_TYPES).join(", ")})`);
        return;
      }
      const file = src.startsWith("/")
        ? path.join(dirs.publicDir, src)
        : path.join(dirs.docs, path.dirname(page.source ?? ""), decodeURI(src));
      jobs.push(
        readFile(file).then(
          (body) => {
            const size = intrinsicSize(body);
            if (!size) warn(`${where}: could not read the size of ${src}`);
            else if (props.width === undefined && props.height === undefined) {
              props.width = size.width;
              props.height = size.height;
            }
            if (!src.startsWith("/")) {
              const name = `${createHash("sha256").update(body).digest("hex").slice(0, 16)}.${ext}`;
              assets.set(name, { contentType: IMAGE_TYPES[ext]!, body });
              props.src = `${ASSET_PREFIX}${name}`;
            }
          },
          () => warn(`${where}: image ${src} not found (looked for ${path.relative(process.cwd(), file)})`),
        ),
      );
    });
  }
  await Promise.all(jobs);
  return assets;
}

/** Width and height in whole pixels (SVG sizes may be fractional), or null when the file says none. */
function intrinsicSize(body: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(new Uint8Array(body));
    return width && height ? { width: Math.round(width), height: Math.round(height) } : null;
  } catch {
    return null;
  }
}
