import { useNonce } from "~/platform/components/nonce";

/**
 * The few hundred bytes that register the trip sheet's service worker (issue 56), inline under the
 * page's CSP nonce: on the sheet (which ships no script file) and on /trip, members' pages only.
 * They tell the worker whose pages these are, so it drops another member's copy, and show the
 * sentence `#sheet-kept` once the worker is in place. Without service workers they do nothing.
 */
export function KeepSheetScript({ member }: { member: string }) {
  const nonce = useNonce();
  const code = `(function(m){var w=navigator.serviceWorker;if(!w)return;w.register("/sw.js").then(function(){var p=document.getElementById("sheet-kept");if(p)p.hidden=false}).catch(function(){});w.ready.then(function(r){r.active&&r.active.postMessage({member:m})})})(${JSON.stringify(member)})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}
