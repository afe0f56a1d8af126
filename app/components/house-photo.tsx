import { useEffect, useRef, useState } from "react";
import { cardPhoto, PHOTO_SIZES } from "~/lib/house-photo";
import { PLACEHOLDER_IMAGE } from "~/lib/house-rules";

/**
 * A house's photo in its fixed box: the stored copy from this site (two widths), else the
 * placeholder. The first card on a page is what a phone paints first, so it loads at once and
 * ahead of the scripts; the others wait until they are near. A broken photo shows the
 * placeholder: through onError with JS, and through the box's background image without it.
 */
export function HousePhoto({
  houseId,
  listingImg,
  version,
  first = false,
}: {
  houseId: number;
  listingImg: string;
  version: string | undefined;
  first?: boolean;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    // An image that failed before hydration never fires React's onError.
    const image = ref.current;
    if (image?.complete && image.currentSrc && image.naturalWidth === 0) setBroken(true);
  }, []);
  const photo = broken
    ? { src: PLACEHOLDER_IMAGE }
    : cardPhoto(houseId, listingImg, version, PLACEHOLDER_IMAGE);
  return (
    <div className="house-image">
      <img
        ref={ref}
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={photo.srcSet ? PHOTO_SIZES : undefined}
        alt=""
        width={400}
        height={250}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding={first ? undefined : "async"}
        onError={() => setBroken(true)}
      />
    </div>
  );
}
