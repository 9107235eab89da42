import { renderToString } from 'react-dom/server';
import { FEED_ANSWER_ID, OTHER_PAGE_ATTRIBUTE } from '../app/first-screen';
import { DRAWN_ATTRIBUTE } from '../lib/drawn-root';
import { createQueryClient } from '../app/query-client';
import { ROUTES } from '../app/router';
import { StudioRoot } from '../app/studio-root';
import { feedPath } from '../jobs/api/feed-path';
import { DeferredThumbs } from '../features/feed';
import { jobQueries } from '../jobs/api/job-queries';
import { jobList } from '../lib/answer-schemas';
import { setDrawnAt } from '../lib/use-now';

/** The feed's answer as the studio server read it for the person asking for the page. */
export interface FeedAnswer {
  /** Its JSON, as sent. */
  body: string;
  /** Where the event stream stood when it was read (its `x-event-id` header). */
  eventPosition: string | null;
}

/**
 * Run in the page's head, before the root is parsed: the server cannot see the URL's hash,
 * so on any page but Create the drawn screen is hidden (styles.css) until the app has
 * rendered the page asked for. The router's rule (routeFromHash), in a script of its own
 * (its test holds the two to the same answers).
 */
export const ROUTE_GATE_SCRIPT =
  "var n=location.hash.replace(/^#\\/?/,'').split(/[/?]/)[0];" +
  `if(${JSON.stringify(ROUTES.filter((r) => r !== 'create'))}.indexOf(n)!==-1)` +
  `document.documentElement.setAttribute('${OTHER_PAGE_ATTRIBUTE}','')`;

/** `<` written as JSON's escape: nothing in the data can end its element or open another. */
const inertJson = (json: string): string => json.replaceAll('<', '\\u003c');

const attribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

const ROOT_OPEN = '<div id="root">';

/**
 * index.html cut at its root: the head, with the route gate script in, which the studio
 * server sends at once, and the rest, as built. The script goes before the stylesheet: an
 * inline script after one waits for it to load, and the parser with it. Throws when the
 * page has no root.
 */
function cut(template: string): { head: string; rest: string } {
  const headEnd = template.indexOf('</head>');
  const open = template.indexOf(ROOT_OPEN);
  if (headEnd === -1 || open < headEnd) {
    throw new Error('index.html has no <div id="root"> in its body');
  }
  const sheet = template.indexOf('<link rel="stylesheet"');
  const at = sheet !== -1 && sheet < headEnd ? sheet : headEnd;
  return {
    head: `${template.slice(0, at)}<script>${ROUTE_GATE_SCRIPT}</script>${template.slice(at, open)}`,
    rest: template.slice(open),
  };
}

/**
 * The rest of the page after the head (`rest`, from the root on) with the Create page's
 * first screen drawn into the root, from the feed's answer: the app's own tree
 * (StudioRoot), rendered as the browser's first render renders it with that answer, which
 * the page carries too, so the app starts with it (main.tsx) instead of reading it again.
 * Throws when the answer breaks the contract or `rest` does not start with the root.
 */
function draw(rest: string, answer: FeedAnswer): string {
  const parsed = jobList.safeParse(JSON.parse(answer.body));
  if (!parsed.success)
    throw new Error(`the feed's answer breaks the contract: ${parsed.error.message}`);
  const bodyEnd = rest.indexOf('</body>');
  const close = rest.lastIndexOf('</div>', bodyEnd);
  if (!rest.startsWith(ROOT_OPEN) || bodyEnd === -1 || close === -1) {
    throw new Error('index.html has no <div id="root"> in its body');
  }
  setDrawnAt(Date.now());
  const client = createQueryClient();
  client.setQueryData(jobQueries.list().queryKey, parsed.data);
  // The cards' thumbnails are left for the app's render to ask for (each keeps its size
  // meanwhile): asked for by the drawn page, their answers were handled on the page's
  // thread first, and held the app's script back by 300 ms at 4× throttling.
  const markup = renderToString(
    <DeferredThumbs value>
      <StudioRoot client={client} />
    </DeferredThumbs>,
  );
  client.clear();
  const position =
    answer.eventPosition === null
      ? ''
      : ` data-event-position="${attribute(answer.eventPosition)}"`;
  return [
    `<div id="root" ${DRAWN_ATTRIBUTE} inert>${markup}</div>`,
    `<script type="application/json" id="${FEED_ANSWER_ID}"${position}>`,
    // As parsed: what the browser starts with, as it would have parsed it itself.
    inertJson(JSON.stringify(parsed.data)),
    '</script>',
    rest.slice(close + '</div>'.length),
  ].join('');
}

/**
 * What the studio server needs to draw the first screen (src/main.ts hands it over): the
 * path it reads the feed at, as the person asking; the head's one inline script, whose
 * hash the page's Content-Security-Policy allows; and the drawing.
 */
export const firstScreen = {
  feedPath: feedPath(),
  headScript: ROUTE_GATE_SCRIPT,
  cut,
  draw,
};
