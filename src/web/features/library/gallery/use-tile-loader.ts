import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How long a tile stays drawn before its file is asked for. */
const SETTLE_MS = 120;
/** Faster than this (px per ms: about four screens a second) is a fling, not reading. */
const FLING_PX_PER_MS = 4;
/** How often drawn tiles are looked at again while some wait. */
const RECHECK_MS = 50;
/**
 * Files asked for at once: a browser opens six connections to the studio, and the next
 * page of results must not queue behind thumbnails (the studio may be making them).
 */
const MAX_LOADING = 4;

/**
 * Gives each drawn tile's media element (`data-src`) its `src` once the tile has stayed
 * drawn a moment and the page is not being flung past it; at once on a still page (the
 * first screen, a resize). A fling draws and drops tiles by the hundred: their requests
 * would queue in front of the next page and the tiles the scroll stops on (a browser opens
 * six connections to the studio), and their bytes and decodes would take the frames.
 * One timer for the whole grid, the DOM written directly: a tile is not re-rendered.
 * Returns `checkSoon`, to call after each render of the grid: it looks once the frame
 * showing the new tiles is drawn, so it neither delays that frame nor forces its layout.
 */
const letGo = (img: Element) => {
  img.removeAttribute('srcset');
  img.removeAttribute('src');
};

/**
 * Lets go the requests of the images under `root` still loading, while they are in the
 * page: a list calls it just before it drops them. Changed once out of the page, an image
 * whose `sizes` depends on the viewport is kept by Chromium for good, and with it all the
 * elements around it (the viewport listener it then registers is never removed).
 */
export function letImagesGo(root: Element): void {
  for (const img of root.querySelectorAll('img[src]'))
    if (img instanceof HTMLImageElement && !img.complete) letGo(img);
}

export function useTileLoader(ref: RefObject<HTMLElement | null>): () => void {
  const loader = useRef<TileLoader | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const made = tileLoader(el);
    loader.current = made;
    made.checkSoon();
    return () => {
      made.stop();
      loader.current = null;
    };
  }, [ref]);
  return useCallback(() => loader.current?.checkSoon(), []);
}

interface TileLoader {
  checkSoon: () => void;
  stop: () => void;
}

function tileLoader(root: HTMLElement): TileLoader {
  const drawnSince = new WeakMap<Element, number>();
  const loading = new Set<HTMLElement>();
  let lastScroll = -Infinity;
  let lastY = window.scrollY;
  let speed = 0;
  let timer: number | undefined;
  let frame: number | undefined;

  const done = (e: Event) => {
    loading.delete(e.currentTarget as HTMLElement);
    check();
  };
  const load = (media: HTMLElement, src: string) => {
    loading.add(media);
    const ended = media.tagName === 'VIDEO' ? 'loadedmetadata' : 'load';
    media.addEventListener(ended, done, { once: true });
    media.addEventListener('error', done, { once: true });
    // A card's image offers its sizes (`data-srcset`); a gallery tile has one file.
    const srcset = media.dataset.srcset;
    if (srcset) media.setAttribute('srcset', srcset);
    media.setAttribute('src', src);
  };
  const check = () => {
    window.clearTimeout(timer);
    timer = undefined;
    // A tile dropped while its file loaded fires nothing more; an image's request is
    // let go too, or it would hold a connection the next one needs. Not a card image's
    // (`sizes`): its list lets it go before dropping it (`letImagesGo`).
    for (const media of loading) {
      if (media.isConnected) continue;
      loading.delete(media);
      if (media.tagName === 'IMG' && !media.hasAttribute('sizes')) letGo(media);
    }
    const now = performance.now();
    const still = now - lastScroll > SETTLE_MS;
    let waiting = false;
    const unasked = [...root.querySelectorAll<HTMLElement>('[data-src]')].filter(
      (m) => m.getAttribute('src') !== m.dataset.src,
    );
    for (const media of onScreenFirst(unasked)) {
      const want = media.dataset.src ?? '';
      let since = drawnSince.get(media);
      if (since === undefined) drawnSince.set(media, (since = now));
      const ready = still || (speed < FLING_PX_PER_MS && now - since >= SETTLE_MS);
      if (ready && loading.size < MAX_LOADING) load(media, want);
      // Full: a file that ends calls check again.
      else if (!ready) waiting = true;
    }
    if (waiting) timer = window.setTimeout(check, RECHECK_MS);
  };
  const onScroll = () => {
    const now = performance.now();
    const y = window.scrollY;
    speed = Math.abs(y - lastY) / Math.max(now - lastScroll, 1);
    lastY = y;
    lastScroll = now;
    // The scroll stopping makes the page still: look again then, if nothing else will.
    if (timer === undefined) timer = window.setTimeout(check, SETTLE_MS + 1);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return {
    checkSoon: () => {
      if (frame !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = undefined;
        timer = window.setTimeout(check);
      });
    },
    stop: () => {
      window.clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    },
  };
}

/** The media elements on screen, then those drawn above or below it. */
function onScreenFirst(list: HTMLElement[]): HTMLElement[] {
  const seen = new Set(
    list.filter((m) => {
      const r = m.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    }),
  );
  return [...seen, ...list.filter((m) => !seen.has(m))];
}

/**
 * Whether the page is being flung (scrolled faster than `FLING_PX_PER_MS`, as the loader
 * judges it); false again `SETTLE_MS` after the last fast scroll event, in a transition,
 * so what waited for the fling to end may be drawn over a few frames.
 */
export function useFlinging(): boolean {
  const [flinging, setFlinging] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let last = performance.now();
    let timer: number | undefined;
    const onScroll = () => {
      const now = performance.now();
      const y = window.scrollY;
      const fast = Math.abs(y - lastY) / Math.max(now - last, 1) > FLING_PX_PER_MS;
      lastY = y;
      last = now;
      if (!fast) return;
      setFlinging(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => startTransition(() => setFlinging(false)), SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return flinging;
}
