/** The page illustration: a lighter image below the 830 px mobile breakpoint, no JS needed. */
export function ResponsiveImage({ alt = "A lake house at sunset" }: { alt?: string }) {
  return (
    <picture>
      <source media="(max-width: 829px)" srcSet="/images/weekend-mobile.svg" width="320" height="200" />
      <img src="/images/weekend-wide.svg" alt={alt} width="600" height="360" />
    </picture>
  );
}
