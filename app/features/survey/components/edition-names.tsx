import { createContext, useContext } from "react";
import { SGW25_NAMES, type EditionNames } from "~/features/survey/lib/survey-questions";

/** The survey page provides the current edition's names; without it the spec's 2025 wording. */
export const EditionNamesContext = createContext<EditionNames>(SGW25_NAMES);

export function useEditionNames(): EditionNames {
  return useContext(EditionNamesContext);
}
