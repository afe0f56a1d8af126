import { createContext, useContext, useMemo } from "react";
import { SGW25_NAMES, questionsFor, type EditionNames } from "~/features/survey/lib/survey-questions";

/** The survey page provides the current edition's names; without it the spec's 2025 wording. */
export const EditionNamesContext = createContext<EditionNames>(SGW25_NAMES);

export function useEditionNames(): EditionNames {
  return useContext(EditionNamesContext);
}

/** The questions as this edition asks them ("Are you coming to SGW26?"). */
export function useQuestions() {
  const names = useEditionNames();
  return useMemo(() => questionsFor(names), [names]);
}
