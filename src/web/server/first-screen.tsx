import { renderToString } from 'react-dom/server';
import { DRAWN_ATTRIBUTE, FEED_ANSWER_ID, OTHER_PAGE_ATTRIBUTE } from '../app/first-screen';
import { createQueryClient } from '../app/query-client';
import { ROUTES } from '../app/router';
import { StudioRoot } from '../app/studio-root';
import { feedPath } from '../jobs/api/feed-path';
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
 * The Create page's first screen, drawn on the server into index.html (`template`), from
 * the feed's answer: the app's own tree (StudioRoot), rendered as the browser's first render
 * renders it with that answer, which the page carries too, so that the browser takes the
 * markup over (`hydrateRoot`, main.tsx) instead of drawing it again. Throws when the answer
 * breaks the contract or the template has no root.
 */
function draw(template: string, answer: FeedAnswer): string {
  const parsed = jobList.safeParse(JSON.parse(answer.body));
  if (!parsed.success)
    throw new Error(`the feed's answer breaks the contract: ${parsed.error.message}`);
  const drawnAt = Date.now();
  setDrawnAt(drawnAt);
  const client = createQueryClient();
  client.setQueryData(jobQueries.list().queryKey, parsed.data);
  const markup = renderToString(<StudioRoot client={client} />);
  client.clear();

  const open = template.indexOf(ROOT_OPEN);
  const bodyEnd = template.indexOf('</body>');
  const close = template.lastIndexOf('</div>', bodyEnd);
  const headEnd = template.indexOf('</head>');
  if (open === -1 || bodyEnd === -1 || close < open || headEnd === -1 || headEnd > open) {
    throw new Error('index.html has no <div id="root"> in its body');
  }
  const data = `data-drawn-at="${drawnAt}"`;
  const position =
    answer.eventPosition === null
      ? ''
      : ` data-event-position="${attribute(answer.eventPosition)}"`;
  return [
    template.slice(0, headEnd),
    `<script>${ROUTE_GATE_SCRIPT}</script>`,
    template.slice(headEnd, open),
    `<div id="root" ${DRAWN_ATTRIBUTE} inert>${markup}</div>`,
    `<script type="application/json" id="${FEED_ANSWER_ID}" ${data}${position}>`,
    // As parsed: what the browser takes over with, as it would have parsed it itself.
    inertJson(JSON.stringify(parsed.data)),
    '</script>',
    template.slice(close + '</div>'.length),
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
  draw,
};
