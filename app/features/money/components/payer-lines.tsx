import { TableScroll } from "~/platform/components/table-scroll";

export type Line = {
  id: number;
  name: string;
  weight: string;
  due: string;
  deposit: string;
  confirmed: string;
  reported: string;
  remaining: string;
  refund: string;
  next: string;
};

/** Each payer's line: due, paid and confirmed, reported, what remains and by when. */
export function PayerLines({ lines, all }: { lines: Line[]; all: boolean }) {
  if (lines.length === 0) return null;
  return (
    <TableScroll label={all ? "Every payer's line" : "Your line"}>
      <table className="money-table">
        <thead>
          <tr>
            <th scope="col">Payer</th>
            <th scope="col">Weight</th>
            <th scope="col">Share</th>
            <th scope="col">Paid (confirmed)</th>
            <th scope="col">Reported</th>
            <th scope="col">Remaining</th>
            <th scope="col">Next due</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-payer={line.name}>
              <th scope="row" className="user-text">
                {line.name}
              </th>
              <td>{line.weight}</td>
              <td>
                {line.due}
                {line.deposit ? <span className="muted"> (deposit {line.deposit})</span> : null}
              </td>
              <td>{line.confirmed}</td>
              <td>{line.reported || "—"}</td>
              <td>{line.refund ? <strong>To be refunded: {line.refund}</strong> : line.remaining}</td>
              <td>{line.next || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
