/** Headers every HTML page carries. The nonce lets Remix's own inline scripts run and nothing else. */
export function securityHeaders(nonce: string, https: boolean, development = false): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Server-rendered SVG charts carry inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Listing photos are fetched by the server and served from here: members' browsers never ask the listing sites.
    "img-src 'self' data:",
    "font-src 'self'",
    // The trip sheet's offline worker (/sw.js) and the home-screen manifest: this origin's own only.
    "worker-src 'self'",
    "manifest-src 'self'",
    // `remix dev` reloads the page over a websocket on its own port.
    development ? "connect-src 'self' ws://localhost:*" : "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
