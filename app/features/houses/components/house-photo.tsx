import { cardPhoto, PHOTO_SIZES } from "~/features/houses/lib/house-photo";
import { PLACEHOLDER_IMAGE } from "~/features/houses/lib/house-rules";

/**
 * A house's photo in its fixed box: the stored copy from this site (two widths), else the
 * placeholder. The first card on a page is what a phone paints first, so it loads at once and
 * ahead of the scripts; the others wait until they are near. A photo that fails to load shows the
 * placeholder through the box's CSS (house-image.css), so the image needs no state to hydrate.
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
  const photo = cardPhoto(houseId, listingImg, version, PLACEHOLDER_IMAGE);
  return (
    <div className="house-image">
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={photo.srcSet ? PHOTO_SIZES : undefined}
        alt=""
        width={400}
        height={250}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding={first ? undefined : "async"}
      />
    </div>
  );
}

/** A preload for the first card's photo, for the page's head: asked for before the scripts. */
export function firstPhotoPreload(house: { id: number; listing_img: string } | undefined, version?: string) {
  if (!house) return [];
  const photo = cardPhoto(house.id, house.listing_img, version, PLACEHOLDER_IMAGE);
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      href: photo.src,
      ...(photo.srcSet ? { imageSrcSet: photo.srcSet, imageSizes: PHOTO_SIZES } : {}),
      fetchPriority: "high",
    },
  ];
}
