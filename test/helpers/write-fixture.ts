/** Writes dist/test-fixture/build.json before typechecking (worker tests import it). */
import setup from "./fixture-build.global";

await setup();
