/** Worker entry: the Hono app handles every request that is not a static asset. */
import { app } from "./app";

export default app;
