/**
 * Reads composition hints out of prompt words. Anything the prompt leaves open is decided later by
 * the genome, so unknown prompts still get a varied (but deterministic) scene.
 */

export type Tag =
  | 'mountains'
  | 'hills'
  | 'dunes'
  | 'plains'
  | 'water'
  | 'waves'
  | 'sun'
  | 'moon'
  | 'stars'
  | 'clouds'
  | 'storm'
  | 'fog'
  | 'trees'
  | 'flowers'
  | 'lighthouse'
  | 'city'
  | 'castle'
  | 'planet'
  | 'bubbles'
  | 'night'
  | 'dusk'
  | 'day'
  | 'high-sun'
  | 'low-sun'
  | 'calm'
  | 'snow';

const WORD_TAGS: Readonly<Record<string, readonly Tag[]>> = {
  mountain: ['mountains'],
  alps: ['mountains'],
  peak: ['mountains'],
  summit: ['mountains'],
  cliff: ['mountains'],
  volcano: ['mountains'],
  canyon: ['mountains'],
  hill: ['hills'],
  meadow: ['hills', 'flowers', 'day'],
  field: ['hills', 'flowers'],
  valley: ['hills'],
  countryside: ['hills', 'trees'],
  garden: ['hills', 'flowers'],
  desert: ['dunes', 'day'],
  dune: ['dunes'],
  sand: ['dunes'],
  plain: ['plains'],
  prairie: ['plains'],
  tundra: ['plains'],
  ocean: ['water'],
  sea: ['water'],
  lake: ['water', 'calm'],
  river: ['water', 'calm'],
  pond: ['water', 'calm'],
  beach: ['water'],
  coast: ['water'],
  shore: ['water'],
  harbor: ['water'],
  harbour: ['water'],
  island: ['water'],
  bay: ['water'],
  wave: ['water', 'waves'],
  lighthouse: ['lighthouse', 'water'],
  sun: ['sun'],
  sunny: ['sun', 'day'],
  noon: ['sun', 'day', 'high-sun'],
  midday: ['sun', 'day', 'high-sun'],
  day: ['day'],
  morning: ['sun', 'day'],
  sunset: ['sun', 'dusk', 'low-sun'],
  sunrise: ['sun', 'dusk', 'low-sun'],
  dawn: ['sun', 'dusk', 'low-sun'],
  dusk: ['dusk', 'low-sun'],
  evening: ['dusk'],
  twilight: ['dusk', 'stars'],
  moon: ['moon'],
  moonlight: ['moon', 'night'],
  moonlit: ['moon', 'night'],
  night: ['night', 'moon', 'stars'],
  midnight: ['night', 'stars'],
  star: ['stars'],
  starry: ['stars', 'night'],
  galaxy: ['stars', 'night', 'planet'],
  space: ['stars', 'night', 'planet'],
  cosmic: ['stars', 'planet'],
  planet: ['planet'],
  cloud: ['clouds'],
  cloudy: ['clouds'],
  storm: ['storm', 'clouds', 'waves'],
  stormy: ['storm', 'clouds', 'waves'],
  thunder: ['storm', 'clouds'],
  rain: ['storm', 'clouds'],
  rainy: ['storm', 'clouds'],
  fog: ['fog'],
  foggy: ['fog'],
  mist: ['fog'],
  misty: ['fog'],
  haze: ['fog'],
  tree: ['trees'],
  forest: ['trees', 'hills'],
  wood: ['trees'],
  woods: ['trees'],
  jungle: ['trees'],
  pine: ['trees', 'mountains'],
  flower: ['flowers'],
  bloom: ['flowers'],
  city: ['city'],
  town: ['city'],
  skyline: ['city'],
  building: ['city'],
  skyscraper: ['city'],
  neon: ['city', 'night'],
  cyberpunk: ['city', 'night'],
  castle: ['castle'],
  tower: ['castle'],
  fortress: ['castle'],
  temple: ['castle'],
  bubble: ['bubbles'],
  circle: ['bubbles'],
  orb: ['bubbles'],
  sphere: ['bubbles'],
  snow: ['snow'],
  snowy: ['snow', 'mountains'],
  winter: ['snow'],
  ice: ['snow'],
  icy: ['snow'],
  frozen: ['snow'],
  glacier: ['snow', 'mountains'],
  quiet: ['calm'],
  calm: ['calm'],
  serene: ['calm'],
  peaceful: ['calm'],
};

export interface Features {
  tags: ReadonlySet<Tag>;
  /** Tags excluded by --no: the genome may not add these either. */
  banned: ReadonlySet<Tag>;
}

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0);
}

/** Tags of one word, trying a naive singular so "mountains" and "stars" match too. */
function tagsOf(word: string): readonly Tag[] {
  const direct = WORD_TAGS[word];
  if (direct) return direct;
  if (word.endsWith('ies')) return WORD_TAGS[`${word.slice(0, -3)}y`] ?? [];
  if (word.endsWith('es'))
    return WORD_TAGS[word.slice(0, -2)] ?? WORD_TAGS[word.slice(0, -1)] ?? [];
  if (word.endsWith('s')) return WORD_TAGS[word.slice(0, -1)] ?? [];
  return [];
}

export function readFeatures(text: string, no: readonly string[] = []): Features {
  const banned = new Set<Tag>(no.flatMap((w) => tokenize(w).flatMap(tagsOf)));
  const tags = new Set<Tag>();
  for (const word of tokenize(text)) {
    for (const tag of tagsOf(word)) if (!banned.has(tag)) tags.add(tag);
  }
  return { tags, banned };
}
