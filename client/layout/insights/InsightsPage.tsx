/**
 * /_insights: the operator's view of the signals (common/insights.ts), rendered on the
 * server with SVG charts. Readers' and agents' texts are shown as text only (React escapes them).
 */
import { suggestedSynonyms, type InsightsReport } from "../../../common/insights";
import { INSIGHTS_PATH, reasonLabel } from "../../../common/signals";
import { DailyBars, RankedBars } from "./charts";

const WINDOWS = ["7d", "30d", "90d"];

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return <p className="insights-empty">Nothing in this window.</p>;
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const versioned = (text: string, version: string) => (version === "current" ? text : `${text} (${version})`);

export function InsightsPage({ report: r, notice }: { report: InsightsReport | null; notice: string | null }) {
  return (
    <main id="main" className="insights-page markdown" tabIndex={-1}>
      <h1>What readers and agents could not find</h1>
      <nav aria-label="Window" className="insights-windows">
        {WINDOWS.map((w) => (
          <a key={w} href={`${INSIGHTS_PATH}?since=${w}`} aria-current={r && `${r.days}d` === w ? "page" : undefined}>
            {`Last ${w.slice(0, -1)} days`}
          </a>
        ))}
      </nav>
      {notice ? (
        <p className="insights-notice" role="status">
          {notice}
        </p>
      ) : null}
      {r ? <Report r={r} /> : null}
    </main>
  );
}

function Report({ r }: { r: InsightsReport }) {
  const days = r.daily.map((d) => d.day);
  const t = r.totals;
  return (
    <>
      <p>{`${r.since} to ${r.until}: ${t.searches} searches, ${t.zeroHitSearches} with no result; ${t.yes} “yes” and ${t.no} “no” votes; ${t.agentReports} agent reports.`}</p>
      <h2>Searches per day</h2>
      <DailyBars
        id="chart-searches"
        title={`Searches per day, ${r.since} to ${r.until}`}
        days={days}
        stacked={false}
        series={[
          { label: "searches", className: "chart-bar-all", values: r.daily.map((d) => d.searches) },
          { label: "with no result", className: "chart-bar-miss", values: r.daily.map((d) => d.zeroHits) },
        ]}
      />
      <h2>Votes per day</h2>
      <DailyBars
        id="chart-votes"
        title={`“Was this page helpful?” answers per day, ${r.since} to ${r.until}`}
        days={days}
        stacked
        series={[
          { label: "yes", className: "chart-bar-yes", values: r.daily.map((d) => d.yes) },
          { label: "no", className: "chart-bar-miss", values: r.daily.map((d) => d.no) },
        ]}
      />
      <h2>Top zero-result queries</h2>
      {r.zeroResultQueries.length ? (
        <RankedBars
          id="chart-zero"
          title="Searches with no result, by query"
          rows={r.zeroResultQueries.map((q) => ({ label: versioned(q.query, q.version), value: q.zeroHits }))}
        />
      ) : null}
      <Table
        caption="Top zero-result queries"
        head={["query", "searches with no result", "from"]}
        rows={r.zeroResultQueries.map((q) => [versioned(q.query, q.version), q.zeroHits, q.sources.join(", ")])}
      />
      <h2>Queries whose results nobody opened</h2>
      <Table
        caption="Queries whose results nobody opened"
        head={["query", "searches", "results"]}
        rows={r.unopenedQueries.map((q) => [versioned(q.query, q.version), q.searches, q.hits])}
      />
      <h2>Pages with the most “no” votes</h2>
      {r.pages.length === 0 ? <p className="insights-empty">Nothing in this window.</p> : null}
      {r.pages.map((p) => (
        <section key={`${p.version} ${p.page}`} className="insights-page-votes">
          <h3>
            <a href={p.page}>{versioned(p.page, p.version)}</a>
            {`: ${p.no} no, ${p.yes} yes`}
          </h3>
          {p.reasons.length ? (
            <p>{`Reasons: ${p.reasons.map((x) => `${reasonLabel(x.reason)} (${x.count})`).join("; ")}.`}</p>
          ) : null}
          {p.notes.map((n, i) => (
            <blockquote key={i} className="insights-note">
              <p>{n.note}</p>
              <footer>{`${n.day}, ${n.vote}${n.reason ? `, ${reasonLabel(n.reason)}` : ""}`}</footer>
            </blockquote>
          ))}
        </section>
      ))}
      <h2>Agent reports</h2>
      <Table
        caption="Agent reports"
        head={["day", "question", "tried", "page"]}
        rows={r.agentReports.map((a) => [a.day, versioned(a.question, a.version), a.tried, a.page ?? ""])}
      />
      <h2>Suggested synonyms</h2>
      <p>A query that found nothing, then one whose result the reader opened, in the same search session.</p>
      <Table
        caption="Suggested synonyms"
        head={["searched", "then found with", "times"]}
        rows={r.pairs.map((p) => [versioned(p.miss, p.version), p.found, p.count])}
      />
      {r.pairs.length ? (
        <>
          <p>As entries for content/search/synonyms.json, to review before adding:</p>
          <pre className="insights-json">
            <code>{JSON.stringify(suggestedSynonyms(r.pairs), null, 2)}</code>
          </pre>
        </>
      ) : null}
    </>
  );
}
