/**
 * English stop words left out of matching (Algolia's removeStopWords): question words and
 * glue ("how do I …", "what is the …") that every page has, so they only add noise.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing done down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just let me more most my myself of off on once only or other our ours " +
    "ourselves out over own same she should so some such than that the their theirs them themselves then there these they " +
    "this those through to too under until up very was we were what when where which while who whom why will with would you " +
    "your yours yourself yourselves want wants need needs please using"
  ).split(" "),
);
