import { createContext, useContext } from "react";

/** The text of a built stylesheet by its URL, where it is at hand. */
export type CssReader = (href: string) => string | undefined;

/**
 * In the browser the stylesheets a page inlined are already in the document: hydration renders the
 * same `<style>` from there. A stylesheet of a page reached later is not, and becomes a `<link>`.
 */
const fromDocument: CssReader = (href) =>
  typeof document === "undefined"
    ? undefined
    : (document.querySelector(`style[data-href="${CSS.escape(href)}"]`)?.textContent ?? undefined);

const InlineCssContext = createContext<CssReader>(fromDocument);

/** The server provides a reader of the built files (services/inline-css.server). */
export const InlineCssProvider = InlineCssContext.Provider;

export function useInlineCss() {
  return useContext(InlineCssContext);
}
