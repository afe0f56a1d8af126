import { useEffect, useState } from "react";

export const BANNER_TIMEOUT_MS = 5000;

/**
 * The spec's auth banners: server-rendered (so they show without JavaScript, and stay), and hidden
 * after five seconds once JavaScript runs. `source` restarts the timer when a new answer arrives
 * with the same words (a second failed login).
 */
export function Banner({
  kind,
  message,
  source,
}: {
  kind: "error" | "success";
  message: string | null | undefined;
  source?: unknown;
}) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    const timer = setTimeout(() => setHidden(true), BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [message, source]);
  if (!message || hidden) return null;
  return (
    <p role="alert" className={`alert alert-${kind}`}>
      {message}
    </p>
  );
}
