/**
 * The studio's mark beside its name in the header: public/favicon.svg's shapes, drawn in
 * the page. As an `<img>` it was a request and an SVG document of its own, made on the
 * page's thread before the first frame (35–50 ms at 4× CPU throttling, traced).
 * index.html's frame draws the same shapes (static-frame.test.ts holds all three alike).
 */
export function StudioMark() {
  return (
    <svg viewBox="0 0 32 32" width="20" height="20" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#18181b" />
      <rect x="7" y="7" width="8" height="8" rx="1.5" fill="#818cf8" />
      <rect x="17" y="7" width="8" height="8" rx="1.5" fill="#52525b" />
      <rect x="7" y="17" width="8" height="8" rx="1.5" fill="#52525b" />
      <rect x="17" y="17" width="8" height="8" rx="1.5" fill="#a1a1aa" />
    </svg>
  );
}
