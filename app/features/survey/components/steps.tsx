import { useEditionNames } from "~/features/survey/components/edition-names";
import { SectionForm } from "~/features/survey/components/section-form";

export function SadMessage({ error }: { error?: string }) {
  const { current } = useEditionNames();
  return (
    <SectionForm section={3} error={error} title="We'll miss you">
      <p>
        Sorry to hear you can&apos;t make it to {current}. It won&apos;t be the same without you — and if
        plans change, come back and update your answer any time.
      </p>
      <p>A couple more quick questions about last year and we&apos;re done.</p>
    </SectionForm>
  );
}
