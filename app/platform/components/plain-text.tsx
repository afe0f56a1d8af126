import { formatPlainText, type Inline } from "~/platform/lib/plain-text";

function Line({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** An organiser's text as paragraphs, lists and links; always React text, so any markup shows as typed. */
export function PlainText({ text }: { text: string }) {
  return (
    <>
      {formatPlainText(text).map((block, index) =>
        block.kind === "list" ? (
          <ul key={index} className="user-text">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Line parts={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index} className="user-text">
            {block.lines.map((line, lineIndex) => (
              <span key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <Line parts={line} />
              </span>
            ))}
          </p>
        ),
      )}
    </>
  );
}
