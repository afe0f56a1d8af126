// The background worker that fetches wanted house photos (photo-queue), resizes and stores them.
import { nextPhotoAttempt } from "~/features/houses/lib/house-photo";
import { PHONE_WIDTH } from "~/features/houses/lib/house-photo";
import {
  claimDuePhotos,
  photoFailed,
  photosWithoutPhoneWidth,
  storePhoto,
  storeRendition,
  syncWantedPhotos,
  type PhotoJob,
} from "~/features/houses/models/photo-queue.server";
import {
  fetchPhoto,
  PhotoFetchError,
  type PhotoFetchOptions,
} from "~/features/houses/services/photo-fetch.server";
import { phoneFromStored, resizePhoto } from "~/features/houses/services/photo-resize.server";
import { keepsState } from "~/platform/lib/module-state";

/** How often due retries (and photos wanted by another instance) are looked for. */
const SWEEP_MS = 60_000;

let running: Promise<void> | undefined;
let again = false;
let sweeping: NodeJS.Timeout | undefined;
let fetchOptions: PhotoFetchOptions = {};
keepsState(() => {
  if (sweeping) clearInterval(sweeping);
  sweeping = undefined;
  again = false;
  fetchOptions = {};
});

async function fetchOne(job: PhotoJob) {
  try {
    const { bytes } = await fetchPhoto(job.sourceUrl, fetchOptions);
    await storePhoto(job, await resizePhoto(bytes));
  } catch (error) {
    const reason = error instanceof PhotoFetchError ? error.message : `failed: ${String(error)}`;
    const retryAt = nextPhotoAttempt(job.attempts + 1, new Date());
    console.warn(
      `House ${job.houseId}'s photo was not stored (${reason}); next try: ${retryAt?.toISOString() ?? "none"}`,
    );
    await photoFailed(job, reason, retryAt);
  }
}

async function runOnce() {
  await syncWantedPhotos();
  for (;;) {
    // One at a time (background work on a small machine), and the next chosen only when it is its
    // turn, so a suggestion made meanwhile takes its place in the round-robin.
    const [job] = await claimDuePhotos(1);
    if (!job) break;
    await fetchOne(job);
  }
  await addPhoneWidths();
}

/**
 * Photos stored before the phone's width existed get it, made from their 800 px: a few per pass,
 * one at a time, on every sweep (the first page served, then once a minute) until none is left.
 */
export async function addPhoneWidths(limit = 20) {
  for (const photo of await photosWithoutPhoneWidth(limit)) {
    try {
      await storeRendition(photo.houseId, PHONE_WIDTH, photo.version, await phoneFromStored(photo.large!));
    } catch (error) {
      console.warn(
        `House ${photo.houseId}'s phone photo was not made: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}

/**
 * Fetches and stores every wanted photo that is due, in the background: the caller (a suggestion,
 * an edit) never waits for it and is never failed by it. Calls while a run is going on make one
 * more run afterwards.
 */
export function requestHousePhotos(): Promise<void> {
  startSweeping();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      try {
        await runOnce();
      } catch (error) {
        // One line, no stack: a database outage is expected now and then and is logged elsewhere too.
        console.error(
          "House photos could not be processed:",
          error instanceof Error ? error.message : String(error),
        );
      }
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** Retries and other instances' photos are picked up by a sweep once a minute while the app runs. */
function startSweeping() {
  if (sweeping) return;
  sweeping = setInterval(() => void requestHousePhotos(), SWEEP_MS);
  sweeping.unref();
}

/** Tests: limits for the fetcher (time, size, which addresses count as allowed). */
export function setPhotoFetchOptions(options: PhotoFetchOptions) {
  fetchOptions = options;
}

/** Tests: stop the sweep so a test file can end. */
export function stopHousePhotos() {
  if (sweeping) clearInterval(sweeping);
  sweeping = undefined;
  return running ?? Promise.resolve();
}
