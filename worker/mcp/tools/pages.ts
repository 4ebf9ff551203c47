/** get_page: a page's complete Markdown (the build's twin), API reference pages included. */
import * as z from "zod";
import { capped, defineTool, offsetArg } from "./define";

export const getPage = defineTool({
  name: "get_page",
  title: "Get a docs page as Markdown",
  description:
    "Returns the complete Markdown of one documentation page. `path` is the page's path (e.g. /devs/faq), its full URL, or a URL returned by search_docs.",
  input: z.strictObject({
    path: z.string().min(1).max(2048).describe("The page's path or full URL, e.g. /devs/faq"),
    offset: offsetArg,
  }),
  async run({ path, offset = 0 }, docs) {
    const route = await docs.routeOf(path);
    const text = await docs.markdown(route);
    return capped(text, offset, (next) => `get_page with path "${route}" and offset ${next}`);
  },
});
