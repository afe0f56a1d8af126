/** A parameter name that carries a secret: token, code, password, secret, key, session, … */
const SECRET_ASSIGNMENT = /(token|code|passw|secret|key|session|signature|credential)[^=&?#/;]*=/i;
const PLAIN_NAME = /^[\w.\-[\]]*$/;
/** A private calendar address's last segment (/calendar/<token>.ics): the token is the secret. */
const SECRET_FEED = /^[\w-]{32,}\.ics$/i;
/**
 * Under /calendar/, a segment of 32 characters or more is a feed token however it was asked for
 * (without `.ics`, another suffix, encoded), so the log never shows one (issue 53); the tokens are
 * longer than that, and no page's own segment there is.
 */
const FEED_FOLDER = "calendar";
const FEED_TOKEN_LENGTH = 32;
/** A personal link (/continue/<token>, good 14 days): the segment after `continue` is the secret. */
const SECRET_AFTER = "continue";
const PERSONAL_LINK = /\/continue\/[^/?#&]/i;

/** Percent-decoded (and "+" as space) until nothing changes, so no layer of encoding hides a name. */
function decodeFully(text: string) {
  let current = text;
  for (let round = 0; round < 10; round += 1) {
    const next = current
      .replace(/\+/g, " ")
      .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

function redactParameter(parameter: string) {
  const decoded = decodeFully(parameter);
  if (!SECRET_ASSIGNMENT.test(decoded) && !PERSONAL_LINK.test(decoded)) return parameter;
  const name = parameter.split("=")[0];
  return PLAIN_NAME.test(decodeFully(name)) ? `${name}=[redacted]` : "[redacted]";
}

/**
 * Hides every secret a URL carries in any encoding: "?token=abc", "?%74oken=abc", and one nested in
 * another parameter ("/auth?redirect=%2Forganiser%2Fconfirm%3Ftoken%3Dabc" -> "?redirect=[redacted]")
 * or in a path segment. The parameter is decoded before it is judged, however often it was encoded.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const [target, fragment] = hash === -1 ? [url, undefined] : [url.slice(0, hash), url.slice(hash + 1)];
  const question = target.indexOf("?");
  const path = question === -1 ? target : target.slice(0, question);
  const redactQuery = (query: string) => query.split("&").map(redactParameter).join("&");
  return (
    path
      .split("/")
      .map((segment, index, segments) =>
        SECRET_ASSIGNMENT.test(decodeFully(segment)) ||
        SECRET_FEED.test(segment) ||
        (index > 0 && segment && decodeFully(segments[index - 1]).toLowerCase() === SECRET_AFTER) ||
        (index > 0 &&
          decodeFully(segments[index - 1]).toLowerCase() === FEED_FOLDER &&
          decodeFully(segment).length >= FEED_TOKEN_LENGTH)
          ? "[redacted]"
          : segment,
      )
      .join("/") +
    (question === -1 ? "" : `?${redactQuery(target.slice(question + 1))}`) +
    (fragment === undefined ? "" : `#${redactQuery(fragment)}`)
  );
}
