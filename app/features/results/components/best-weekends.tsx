import { tieRule, type RankedWeekend } from "~/features/results/lib/best-weekends";
import { TableScroll } from "~/platform/components/table-scroll";

function Row({ row }: { row: RankedWeekend }) {
  return (
    <tr className={row.planned ? "planned-weekend" : undefined}>
      <td>{row.rank}</td>
      <th scope="row">
        {row.label}
        {row.planned ? <strong> (planned weekend)</strong> : null}
      </th>
      <td>{row.yes}</td>
      <td>{row.maybe}</td>
      <td>{row.percent}%</td>
    </tr>
  );
}

/** The five best weekends by who is free, counts only; the planned weekend is always shown. */
export function BestWeekends({
  top,
  plannedOutside,
  planned,
}: {
  top: RankedWeekend[];
  plannedOutside: RankedWeekend | null;
  planned: string;
}) {
  return (
    <section className="card best-weekends" aria-labelledby="best-weekends-heading">
      <h2 id="best-weekends-heading">Best Weekends</h2>
      <TableScroll label="Best weekends">
        <table>
          <caption className="visually-hidden">The five best weekends, best first</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Weekend</th>
              <th scope="col">Yes, free</th>
              <th scope="col">Maybe, free</th>
              <th scope="col">Share of yes + maybe</th>
            </tr>
          </thead>
          <tbody>
            {top.map((row) => (
              <Row key={row.label} row={row} />
            ))}
          </tbody>
          {plannedOutside ? (
            <tbody aria-label="The planned weekend">
              <Row row={plannedOutside} />
            </tbody>
          ) : null}
        </table>
      </TableScroll>
      <p className="muted">{tieRule(planned)}</p>
    </section>
  );
}
