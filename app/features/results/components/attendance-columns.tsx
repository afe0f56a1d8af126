import type { Attendance } from "~/features/results/lib/results";

const COLUMNS: Array<[keyof Attendance, string]> = [
  ["yes", "Yes"],
  ["maybe", "Maybe"],
  ["no", "Nope"],
];

/** Yes / Maybe / Nope with their names; rendered to HTML once per change of the surveys. */
export function AttendanceColumns({ attendance }: { attendance: Attendance }) {
  return (
    <>
      {COLUMNS.map(([key, heading]) => (
        <div key={key} className="attendance-column" data-column={key}>
          <h3 id={`attendance-${key}`}>{heading}</h3>
          {attendance[key].length ? (
            <ul aria-labelledby={`attendance-${key}`}>
              {attendance[key].map((name, index) => (
                <li key={`${name}-${index}`} className="user-text">
                  {name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nobody yet.</p>
          )}
        </div>
      ))}
    </>
  );
}
